import { describe, expect, it } from "vitest";
import { readUploadAnswer } from "~/shared/uploads/upload-answer";

const json = (body: unknown, status = 200) => Response.json(body, { status });

describe("readUploadAnswer: what the carousel panel shows after an upload", () => {
  it("takes the route's JSON answer, success or refusal", async () => {
    expect(await readUploadAnswer(json({ ok: true, url: "/uploads/carousel/a.webp" }))).toEqual({
      ok: true,
      url: "/uploads/carousel/a.webp",
    });
    expect(await readUploadAnswer(json({ ok: false, message: "The file is empty" }, 400))).toEqual({
      ok: false,
      message: "The file is empty",
    });
  });

  it("copes with an answer that is not JSON: a plain-text 500, an HTML page, the body limit's 413", async () => {
    const text = (body: string, status: number, type = "text/plain; charset=utf-8") =>
      new Response(body, { status, headers: { "content-type": type } });
    expect(await readUploadAnswer(text("Internal Server Error", 500))).toEqual({
      ok: false,
      message: "The server gave an unexpected answer (status 500); try again later",
    });
    expect(await readUploadAnswer(text("<html><body>Bad Gateway</body></html>", 502, "text/html"))).toEqual({
      ok: false,
      message: "The server gave an unexpected answer (status 502); try again later",
    });
    expect(await readUploadAnswer(text("Het verzoek is te groot", 413))).toEqual({
      ok: false,
      message: "The file is larger than 5 MB",
    });
    expect(await readUploadAnswer(text("Insufficient Storage", 507))).toEqual({
      ok: false,
      message: "The server's disk is full; the image was not saved",
    });
    // Says JSON, is not.
    expect(await readUploadAnswer(text("{kapot", 500, "application/json"))).toEqual({
      ok: false,
      message: "The server gave an unexpected answer (status 500); try again later",
    });
  });
});
