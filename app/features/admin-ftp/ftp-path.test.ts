import { describe, expect, it } from "vitest";
import {
  attachmentDisposition,
  breadcrumb,
  checkFtpPath,
  childPath,
  downloadHref,
  parentPath,
  PATH_TRAVERSAL_MESSAGE,
} from "./ftp-path";

describe("checkFtpPath", () => {
  it("makes a path plain", () => {
    expect(checkFtpPath(" /archief//2026/ ")).toEqual({ ok: true, path: "/archief/2026" });
    expect(checkFtpPath("/")).toEqual({ ok: true, path: "/" });
    expect(checkFtpPath("uit/voorraad.csv")).toEqual({ ok: true, path: "uit/voorraad.csv" });
    expect(checkFtpPath("")).toEqual({ ok: true, path: "" });
    expect(checkFtpPath("/a..b/.verborgen")).toEqual({ ok: true, path: "/a..b/.verborgen" });
  });

  it("refuses . and .. as a name, a backslash and control characters", () => {
    for (const bad of ["../etc/passwd", "/archief/../../etc", "/..", "./x", "/a/.", "..\\x", "/a\\b"]) {
      expect(checkFtpPath(bad)).toEqual({ ok: false, error: PATH_TRAVERSAL_MESSAGE });
    }
    expect(checkFtpPath("/a\u0000b").ok).toBe(false);
    expect(checkFtpPath("/a\nb").ok).toBe(false);
    expect(checkFtpPath("/" + "a".repeat(1024)).ok).toBe(false);
  });
});

describe("folders", () => {
  it("childPath joins one plain name and refuses anything else", () => {
    expect(childPath("/", "archief")).toBe("/archief");
    expect(childPath("/archief", "x.csv")).toBe("/archief/x.csv");
    expect(childPath("uit", "x.csv")).toBe("uit/x.csv");
    expect(childPath("/", "..")).toBeNull();
    expect(childPath("/", ".")).toBeNull();
    expect(childPath("/", "a/b")).toBeNull();
    expect(childPath("/", "a\\b")).toBeNull();
  });

  it("breadcrumb and parent", () => {
    expect(breadcrumb("/archief/2026")).toEqual([
      { name: "/", path: "/" },
      { name: "archief", path: "/archief" },
      { name: "2026", path: "/archief/2026" },
    ]);
    expect(parentPath("/archief/2026")).toBe("/archief");
    expect(parentPath("/archief")).toBe("/");
    expect(parentPath("/")).toBeNull();
    expect(parentPath("uit/oud")).toBe("uit");
    expect(parentPath("uit")).toBeNull();
  });
});

describe("download", () => {
  it("href carries the path encoded", () => {
    expect(downloadHref("/archief/prijs lijst&1.csv")).toBe(
      "/admin/ftp/download?path=%2Farchief%2Fprijs%20lijst%261.csv",
    );
  });

  it("Content-Disposition names the file safely", () => {
    expect(attachmentDisposition("/archief/voorraad.csv")).toBe('attachment; filename="voorraad.csv"');
    expect(attachmentDisposition('/x/prijs "lijst"\r\n.csv')).toBe(
      `attachment; filename="prijs__lijst___.csv"; filename*=UTF-8''prijs%20%22lijst%22%0D%0A.csv`,
    );
    expect(attachmentDisposition("/x/café (1).csv")).toBe(
      `attachment; filename="caf___1_.csv"; filename*=UTF-8''caf%C3%A9%20%281%29.csv`,
    );
    expect(attachmentDisposition("/x/.htaccess")).toBe(`attachment; filename="htaccess"; filename*=UTF-8''.htaccess`);
  });
});
