import { describe, expect, it } from "vitest";
import { readUploadAnswer } from "~/shared/uploads/upload-answer";

describe("readUploadAnswer for the product form", () => {
  it("takes the route's JSON, success or refusal", async () => {
    expect(await readUploadAnswer(Response.json({ ok: true, url: "/media/images/1-ab-800.webp" }))).toEqual({
      ok: true,
      url: "/media/images/1-ab-800.webp",
    });
    expect(await readUploadAnswer(Response.json({ ok: false, message: "The file is empty" }, { status: 400 }))).toEqual(
      {
        ok: false,
        message: "The file is empty",
      },
    );
  });
  it("reads the body limit's HTML 413 and other non-JSON answers by their status", async () => {
    const html = (status: number) =>
      new Response("<html>Het verzoek is te groot</html>", { status, headers: { "content-type": "text/html" } });
    expect(await readUploadAnswer(html(413))).toEqual({ ok: false, message: "The file is larger than 5 MB" });
    expect(await readUploadAnswer(html(502))).toEqual({
      ok: false,
      message: "The server gave an unexpected answer (status 502); try again later",
    });
  });
});
