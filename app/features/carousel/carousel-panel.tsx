import { ArrowDown, ArrowUp, ImageUp, Pencil, Plus, Trash2 } from "lucide-react";
import { ChangeHistoryLink } from "~/features/admin-changes";
import { useId, useState } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { Badge } from "~/shared/ui/badge";
import { Button } from "~/shared/ui/button";
import { Loader2 } from "~/shared/ui/icons";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import type { AdminSlide } from "./carousel-admin";
import { readUploadAnswer } from "~/shared/uploads/upload-answer";
import { LinkPicker } from "./link-picker";
import type { SlideLinkOption } from "./slide-link";
import { slideTiming } from "./slide-schedule";
import { formatAdminDate } from "~/shared/dates/admin-dates";
import { cn } from "~/shared/ui/cn";
import { ActionMessage } from "~/shared/admin-ui/action-message";
import { SwitchButton } from "~/shared/admin-ui/switch-button";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { UrlDialog, UrlDialogActions, useCloseOnSuccess } from "~/shared/admin-ui/url-dialog";

const PANEL_PATH = "/admin/homepage";

/**
 * "Homepage Carousel Beheer" (spec 1 §2.15): the slides in home-page order with order arrows, an
 * active switch, edit and delete. Every change is a POST form (works without JavaScript); with
 * JavaScript a fetcher sends it and the answer is a toast. The slide dialog and the delete question
 * are opened by the URL (?slide=new, ?slide=<id>, ?delete=<id>), so they are drawn on the server too.
 */
export function CarouselPanel({
  slides,
  links,
  today,
  loadError,
  result,
}: {
  slides: AdminSlide[] | null;
  /** What each stored link reads as (its page, category or product name). */
  links: Record<string, SlideLinkOption>;
  /** Today in Amsterdam (yyyy-mm-dd), from the server: the Scheduled / Ended marks. */
  today: string;
  loadError: string | null;
  /** The answer to a form sent without JavaScript (a fetcher's answer is a toast instead). */
  result: AdminActionResult | undefined;
}) {
  const [params] = useSearchParams();
  const editing = params.get("slide");
  const deleting = params.get("delete");
  const editSlide = editing && editing !== "new" ? slides?.find((slide) => String(slide.id) === editing) : undefined;
  const deleteSlide = deleting ? slides?.find((slide) => String(slide.id) === deleting) : undefined;

  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-panel-title" className="text-xl font-semibold" lang="nl">
          Homepage Carousel Beheer
        </h2>
        {slides ? (
          <div className="flex flex-wrap items-center gap-3">
            <ChangeHistoryLink entityType="slide" label="all slides" />
            <Button asChild size="sm">
              <Link to="?slide=new" preventScrollReset>
                <Plus aria-hidden />
                New slide
              </Link>
            </Button>
          </div>
        ) : null}
      </div>
      <ActionMessage result={result} />
      {loadError ? (
        <div role="alert" lang="nl" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4">
          <p className="font-medium text-danger">{loadError}</p>
          <Form method="get" action={PANEL_PATH}>
            <Button type="submit" variant="outline" size="sm">
              Probeer opnieuw
            </Button>
          </Form>
        </div>
      ) : null}
      {slides ? (
        slides.length === 0 ? (
          <p className="text-muted">No slides yet. The home page shows no carousel until there is one.</p>
        ) : (
          <SlideTable slides={slides} links={links} today={today} />
        )
      ) : null}
      {slides && editing === "new" ? <SlideDialog key="new" slide={null} link={null} /> : null}
      {editSlide ? (
        <SlideDialog
          key={editSlide.id}
          slide={editSlide}
          link={editSlide.ctaLink ? (links[editSlide.ctaLink] ?? null) : null}
        />
      ) : null}
      {deleteSlide ? <DeleteDialog key={deleteSlide.id} slide={deleteSlide} /> : null}
    </section>
  );
}

function SlideTable({
  slides,
  links,
  today,
}: {
  slides: AdminSlide[];
  links: Record<string, SlideLinkOption>;
  today: string;
}) {
  // A table on wider screens; below 768 px each row is a card (the cells stack), actions in reach.
  return (
    <table className="w-full border-collapse text-left text-sm max-md:block">
      <caption className="sr-only">Slides in the order of the home page</caption>
      <thead className="bg-surface text-xs tracking-wide text-muted uppercase max-md:sr-only">
        <tr>
          <th scope="col" className="px-3 py-3 font-semibold">
            Order
          </th>
          <th scope="col" className="px-3 py-3 font-semibold">
            Image
          </th>
          <th scope="col" className="px-3 py-3 font-semibold">
            Title
          </th>
          <th scope="col" className="px-3 py-3 font-semibold">
            Highlight
          </th>
          <th scope="col" className="px-3 py-3 font-semibold">
            Active
          </th>
          <th scope="col" className="px-3 py-3 text-right font-semibold">
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {slides.map((slide, index) => (
          <SlideRow
            key={slide.id}
            slide={slide}
            position={index + 1}
            count={slides.length}
            link={slide.ctaLink ? (links[slide.ctaLink] ?? null) : null}
            today={today}
          />
        ))}
      </tbody>
    </table>
  );
}

/** "1 Dec 2026" for a stored day (noon UTC is that same day in Amsterdam). */
const dayText = (day: string) => formatAdminDate(`${day}T12:00:00Z`);

/** The slide's days as the table shows them, and a mark when it is not (or no longer) on the home page. */
function SlideDaysNote({ slide, today }: { slide: AdminSlide; today: string }) {
  if (!slide.startsOn && !slide.endsOn) return null;
  const timing = slideTiming(slide, today);
  const span = slide.startsOn
    ? slide.endsOn
      ? `${dayText(slide.startsOn)} – ${dayText(slide.endsOn)}`
      : `vanaf ${dayText(slide.startsOn)}`
    : `t/m ${dayText(slide.endsOn!)}`;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-2 text-xs font-normal text-muted">
      {timing === "scheduled" ? (
        <Badge variant="warning">Scheduled</Badge>
      ) : timing === "ended" ? (
        <Badge variant="muted">Ended</Badge>
      ) : null}
      <span>{span}</span>
    </span>
  );
}

function SlideRow({
  slide,
  position,
  count,
  link,
  today,
}: {
  slide: AdminSlide;
  position: number;
  count: number;
  link: SlideLinkOption | null;
  today: string;
}) {
  const isFirst = position === 1;
  const isLast = position === count;
  const move = useFetcher<AdminActionResult>();
  const place = useFetcher<AdminActionResult>();
  useResultToast(place.data);
  const toggle = useFetcher<AdminActionResult>();
  useResultToast(move.data);
  useResultToast(toggle.data);
  const pending = toggle.formData?.get("active");
  const active = pending === "true" ? true : pending === "false" ? false : slide.isActive;
  const moving = move.state !== "idle" || place.state !== "idle";
  const positionId = useId();

  return (
    <tr
      className={cn(
        "border-t border-line align-middle",
        "max-md:grid max-md:grid-cols-[6rem_1fr] max-md:gap-x-3 max-md:gap-y-2 max-md:rounded-lg max-md:border max-md:p-3",
      )}
    >
      <td className="px-3 py-3 max-md:col-start-2 max-md:row-start-3 max-md:p-0">
        <move.Form method="post" action={PANEL_PATH} className="flex gap-1">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={slide.id} />
          <Button
            type="submit"
            name="direction"
            value="up"
            size="icon"
            variant="outline"
            className="size-9"
            disabled={isFirst || moving}
            aria-label={`Move ${slide.title} up`}
          >
            <ArrowUp aria-hidden />
          </Button>
          <Button
            type="submit"
            name="direction"
            value="down"
            size="icon"
            variant="outline"
            className="size-9"
            disabled={isLast || moving}
            aria-label={`Move ${slide.title} down`}
          >
            <ArrowDown aria-hidden />
          </Button>
        </move.Form>
        {count > 1 ? (
          <place.Form method="post" action={PANEL_PATH} className="mt-2 flex items-center gap-1">
            <input type="hidden" name="intent" value="position" />
            <input type="hidden" name="id" value={slide.id} />
            <label htmlFor={positionId} className="sr-only">
              {`Position of ${slide.title}`}
            </label>
            <select
              key={position}
              id={positionId}
              name="position"
              defaultValue={position}
              className="h-9 rounded-md border border-line bg-white px-2 text-sm"
            >
              {Array.from({ length: count }, (_, i) => (
                <option key={i} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
            <Button
              type="submit"
              size="sm"
              variant="outline"
              disabled={moving}
              aria-label={`Move ${slide.title} to the chosen position`}
            >
              Move
            </Button>
          </place.Form>
        ) : null}
      </td>
      <td className="px-3 py-3 max-md:row-span-2 max-md:row-start-1 max-md:p-0">
        <img
          src={slide.bgImage}
          alt=""
          loading="lazy"
          className="aspect-[4/3] w-24 rounded-md border border-line bg-surface object-cover"
        />
      </td>
      <th scope="row" className="px-3 py-3 font-medium text-ink max-md:col-start-2 max-md:row-start-1 max-md:p-0">
        <span className="block">{slide.title}</span>
        <SlideDaysNote slide={slide} today={today} />
        {link ? (
          <span className="mt-1 block text-xs font-normal text-muted">
            <span className="sr-only">Button link: </span>→ {link.label}
          </span>
        ) : null}
      </th>
      <td className="px-3 py-3 max-md:col-start-2 max-md:row-start-2 max-md:p-0">
        {slide.highlight ? (
          <Badge variant="outline">{slide.highlight}</Badge>
        ) : (
          <>
            <span aria-hidden className="text-muted">
              —
            </span>
            <span className="sr-only">No highlight</span>
          </>
        )}
      </td>
      <td className="px-3 py-3 max-md:col-start-1 max-md:row-start-3 max-md:flex max-md:items-center max-md:p-0">
        <toggle.Form method="post" action={PANEL_PATH} className="flex items-center gap-2">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={slide.id} />
          <SwitchButton checked={active} aria-label={`Active: ${slide.title}`} name="active" />
          <span aria-hidden className="text-xs text-muted md:sr-only">
            {active ? "Active" : "Inactive"}
          </span>
        </toggle.Form>
      </td>
      <td className="px-3 py-3 text-right max-md:col-span-2 max-md:row-start-4 max-md:p-0 max-md:text-left">
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Button asChild size="sm" variant="outline">
            <Link to={`?slide=${slide.id}`} preventScrollReset aria-label={`Edit: ${slide.title}`}>
              <Pencil aria-hidden />
              Edit
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline" className="text-danger">
            <Link to={`?delete=${slide.id}`} preventScrollReset aria-label={`Delete: ${slide.title}`}>
              <Trash2 aria-hidden />
              Delete
            </Link>
          </Button>
          <ChangeHistoryLink entityType="slide" entityId={String(slide.id)} label={slide.title} compact />
        </div>
      </td>
    </tr>
  );
}

type UploadState = { busy: boolean; message: string | null; error: boolean };

function SlideDialog({ slide, link }: { slide: AdminSlide | null; link: SlideLinkOption | null }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  useCloseOnSuccess(fetcher.data, PANEL_PATH);
  const [title, setTitle] = useState(slide?.title ?? "");
  const [bgImage, setBgImage] = useState(slide?.bgImage ?? "");
  const [upload, setUpload] = useState<UploadState>({ busy: false, message: null, error: false });
  const saving = fetcher.state !== "idle";
  const canSave = title.trim() !== "" && bgImage.trim() !== "" && !upload.busy && !saving;
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;

  async function uploadFile(file: File) {
    setUpload({ busy: true, message: "Uploading…", error: false });
    const body = new FormData();
    body.append("file", file);
    try {
      const response = await fetch("/admin/homepage/upload", { method: "POST", body });
      const answer = await readUploadAnswer(response);
      if (!answer.ok) throw new Error(answer.message);
      setBgImage(answer.url);
      setUpload({ busy: false, message: "Image uploaded", error: false });
    } catch (error) {
      const message = error instanceof Error ? error.message : "Upload failed";
      setUpload({ busy: false, message: `Upload failed: ${message}`, error: true });
    }
  }

  return (
    <UrlDialog closeTo={PANEL_PATH} title={slide ? "Edit slide" : "New slide"} wide>
      <fetcher.Form method="post" action={PANEL_PATH} className="space-y-4">
        <input type="hidden" name="intent" value="save" />
        {slide ? <input type="hidden" name="id" value={slide.id} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={id("title")}>Title (required)</Label>
            <Input
              id={id("title")}
              name="title"
              required
              maxLength={120}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={id("highlight")}>Highlight</Label>
            <Input id={id("highlight")} name="highlight" maxLength={120} defaultValue={slide?.highlight ?? ""} />
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={id("text")}>Text</Label>
          {/* A plain textarea: the shared Textarea's min-h-32 would make the dialog taller than a laptop screen. */}
          <textarea
            id={id("text")}
            name="text"
            maxLength={1000}
            rows={3}
            defaultValue={slide?.text ?? ""}
            className="flex w-full rounded-md border border-line bg-white px-3 py-2 text-base placeholder:text-slate-400 md:text-sm"
          />
        </div>
        <fieldset className="space-y-3 rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-medium">Background image (required)</legend>
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <div className="space-y-3">
              <div className="space-y-1.5">
                <Label htmlFor={id("bgImage")}>Image URL</Label>
                <Input
                  id={id("bgImage")}
                  name="bgImage"
                  required
                  maxLength={500}
                  placeholder="/media/hero/1.svg"
                  aria-describedby={id("bgImage-hint")}
                  value={bgImage}
                  onChange={(event) => setBgImage(event.target.value)}
                />
                <p id={id("bgImage-hint")} className="text-xs text-muted">
                  An image of the shop itself: a path such as /media/hero/1.svg, or upload a file below.
                </p>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={id("file")} className="inline-flex items-center gap-2">
                  <ImageUp aria-hidden className="size-4" />
                  Upload an image (JPEG, PNG or WebP, at most 5 MB)
                </Label>
                <input
                  id={id("file")}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-white file:px-3 file:py-1.5 file:text-sm"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) void uploadFile(file);
                  }}
                />
                <p
                  role={upload.error ? "alert" : "status"}
                  className={cn("min-h-5 text-sm", upload.error ? "text-danger" : "text-muted")}
                >
                  {upload.busy ? <Loader2 aria-hidden className="mr-1 inline size-4 animate-spin" /> : null}
                  {upload.message}
                </p>
              </div>
            </div>
            {bgImage.trim() ? (
              <img
                src={bgImage.trim()}
                alt="Preview of the background image"
                className="aspect-[4/3] w-32 rounded-md border border-line bg-surface object-cover"
              />
            ) : (
              <div
                aria-hidden
                className="flex aspect-[4/3] w-32 items-center justify-center rounded-md border border-dashed border-line text-xs text-muted"
              >
                No image
              </div>
            )}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={id("ctaText")}>Button text</Label>
            <Input id={id("ctaText")} name="ctaText" maxLength={120} defaultValue={slide?.ctaText ?? ""} />
          </div>
          <LinkPicker name="ctaLink" label="Button link" initial={link} />
        </div>
        <fieldset className="grid gap-4 rounded-lg border border-line p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium">Shown on the home page (Amsterdam time)</legend>
          <div className="space-y-1.5">
            <Label htmlFor={id("startsOn")}>Start date</Label>
            <Input
              id={id("startsOn")}
              name="startsOn"
              type="date"
              defaultValue={slide?.startsOn ?? ""}
              aria-describedby={id("days-hint")}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={id("endsOn")}>End date</Label>
            <Input
              id={id("endsOn")}
              name="endsOn"
              type="date"
              defaultValue={slide?.endsOn ?? ""}
              aria-describedby={id("days-hint")}
            />
          </div>
          <p id={id("days-hint")} className="text-xs text-muted sm:col-span-2">
            Both optional. The slide is on the home page from 00:00 on the start date until 23:59 on the end date.
          </p>
        </fieldset>
        <UrlDialogActions
          closeTo={PANEL_PATH}
          cancelLabel="Cancel"
          submitLabel="Save"
          busyLabel="Saving…"
          busy={saving}
          disabled={!canSave}
        />
      </fetcher.Form>
    </UrlDialog>
  );
}

function DeleteDialog({ slide }: { slide: AdminSlide }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  useCloseOnSuccess(fetcher.data, PANEL_PATH);
  const busy = fetcher.state !== "idle";
  return (
    <UrlDialog closeTo={PANEL_PATH} title="Delete slide" description="Are you sure you want to delete this slide?">
      <p className="mb-4 text-sm">
        <span className="text-muted">Slide: </span>
        <span className="font-medium">{slide.title}</span>
      </p>
      <fetcher.Form method="post" action={PANEL_PATH} className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={slide.id} />
        <Button asChild variant="outline">
          <Link to={PANEL_PATH} preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
          Delete
        </Button>
      </fetcher.Form>
    </UrlDialog>
  );
}
