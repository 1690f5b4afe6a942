/**
 * A full disk while the shop writes a file: every write path (a carousel upload, a supplier feed
 * upload, the image store the image migration writes to) answers with a clear reason and leaves no
 * partial or temporary file behind.
 *
 * The full disk is real: tests/support/disk-full-writes.ts runs in a child process with a private
 * mount namespace (`unshare --user --map-root-user --mount`, no root needed where unprivileged user
 * namespaces are allowed, as on Debian) in which DATA_DIR is a 256 KiB tmpfs, so the kernel answers
 * ENOSPC half-way through each write. The child reports the answers and lists DATA_DIR before the
 * namespace (and the tmpfs) goes away.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const mountPoint = mkdtempSync(path.join(os.tmpdir(), "trapkracht-disk-full-"));
afterAll(() => rmSync(mountPoint, { recursive: true, force: true }));

type Outcome<T> = { value: T } | { error: string };
type Report = {
  photoBytes: number;
  carousel: Outcome<{ ok: boolean; status?: number; message?: string }>;
  images: Outcome<undefined>;
  feed: Outcome<{ ok: boolean; status?: number; message?: string }>;
  files: string[];
};

describe("a full disk", () => {
  it("every write path answers with its reason and leaves no file behind", async () => {
    const { stdout } = await run(
      "unshare",
      [
        "--user",
        "--map-root-user",
        "--mount",
        "sh",
        "-c",
        'mount -t tmpfs -o size=256k tmpfs "$1" && exec "$2" --import tsx tests/support/disk-full-writes.ts "$1"',
        "sh",
        mountPoint,
        process.execPath,
      ],
      { cwd: process.cwd(), timeout: 60_000 },
    );
    const report = JSON.parse(stdout.trim().split("\n").at(-1)!) as Report;
    // The picture is far bigger than the disk's room, so each write really runs out of space.
    expect(report.photoBytes).toBeGreaterThan(256 * 1024);

    expect(report.carousel).toEqual({
      value: {
        ok: false,
        status: 507,
        message: "The server's disk is full; the image was not saved. Free some space and try again",
      },
    });
    expect(report.feed).toEqual({
      value: {
        ok: false,
        status: 507,
        message: "The server's disk is full; the file was not kept. Free some space and try again",
      },
    });
    // The image store passes the error on (the migration records the image as failed).
    expect(report.images).toEqual({ error: "ENOSPC" });
    expect(report.files).toEqual([]);
  }, 90_000);
});
