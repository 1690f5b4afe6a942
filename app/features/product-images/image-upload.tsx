import { ImageUp } from "lucide-react";
import { useId, useState } from "react";
import { Loader2 } from "~/shared/ui/icons";
import { cn } from "~/shared/ui/cn";
import { readUploadAnswer } from "~/shared/uploads/upload-answer";
import { productImageUploadPath } from "./upload-answer";

type UploadState = { busy: boolean; message: string | null; error: boolean; url: string | null };

/**
 * "Upload image" in the Update Product dialog: the file goes through the shop's image pipeline
 * (POST /admin/product-images/:artNo) and the stored image's URL is added as a line to the dialog's
 * Images field (`imagesFieldId`), so Save changes keeps it with the product, and Cancel drops it.
 */
export function ProductImageUpload({ artNo, imagesFieldId }: { artNo: number; imagesFieldId: string }) {
  const id = useId();
  const [state, setState] = useState<UploadState>({ busy: false, message: null, error: false, url: null });

  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setState({ busy: true, message: "Uploading…", error: false, url: null });
    const body = new FormData();
    body.append("file", file);
    try {
      const response = await fetch(productImageUploadPath(artNo), { method: "POST", body, redirect: "manual" });
      const answer = await readUploadAnswer(response);
      if (!answer.ok) throw new Error(answer.message);
      const field = document.getElementById(imagesFieldId) as HTMLTextAreaElement | null;
      if (field) {
        const lines = field.value.split(/\r?\n/).filter((line) => line.trim() !== "");
        if (!lines.includes(answer.url)) field.value = [...lines, answer.url].join("\n");
      }
      setState({
        busy: false,
        message: "Image uploaded and added to Images. Save changes to keep it.",
        error: false,
        url: answer.url,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : "The upload failed";
      setState({ busy: false, message: `Upload failed: ${message}`, error: true, url: null });
    } finally {
      input.value = "";
    }
  }

  return (
    <div className="flex items-start gap-3">
      <div className="min-w-0 flex-1 space-y-1.5">
        <label htmlFor={id} className="inline-flex items-center gap-2 text-sm font-medium">
          <ImageUp aria-hidden className="size-4" />
          Upload image (JPEG, PNG or WebP, max. 5 MB)
        </label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={state.busy}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-white file:px-3 file:py-1.5 file:text-sm"
          onChange={(event) => void upload(event.currentTarget)}
        />
        <p
          role={state.error ? "alert" : "status"}
          className={cn("min-h-5 text-sm", state.error ? "text-danger" : "text-muted")}
        >
          {state.busy ? <Loader2 aria-hidden className="mr-1 inline size-4 animate-spin" /> : null}
          {state.message}
        </p>
      </div>
      {state.url ? (
        <img
          src={state.url}
          alt="The uploaded image"
          className="size-20 shrink-0 rounded-md border border-line bg-surface object-contain"
        />
      ) : null}
    </div>
  );
}
