import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it.each([
    [0, "0 Bytes"],
    [-5, "0 Bytes"],
    [1, "1 Bytes"],
    [1023, "1023 Bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [1024 ** 2, "1 MB"],
    [5.25 * 1024 ** 3, "5.25 GB"],
    [1024 ** 4, "1 TB"],
    [3 * 1024 ** 5, "3072 TB"],
  ])("%d → %s", (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});
