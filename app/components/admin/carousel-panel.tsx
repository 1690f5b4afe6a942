import { ArrowDown, ArrowUp, ImageUp, Pencil, Plus, Trash2 } from "lucide-react";
import { ChangeHistoryLink } from "./change-log";
import { useId, useState } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Loader2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { readUploadAnswer, SLIDE_LINKS, type AdminSlide } from "~/domain/content/carousel-admin";
import { cn } from "~/lib/cn";
import { ActionMessage } from "./action-message";
import { SwitchButton } from "./switch-button";
import { useResultToast, type AdminActionResult } from "./admin-actions";
import { UrlDialog, UrlDialogActions, useCloseOnSuccess } from "./url-dialog";

const PANEL_PATH = "/admin/homepage";

/**
 * "Homepage Carousel Beheer" (spec 1 §2.15): the slides in home-page order with order arrows, an
 * active switch, edit and delete. Every change is a POST form (works without JavaScript); with
 * JavaScript a fetcher sends it and the answer is a toast. The slide dialog and the delete question
 * are opened by the URL (?slide=new, ?slide=<id>, ?delete=<id>), so they are drawn on the server too.
 */
export function CarouselPanel({
  slides,
  loadError,
  result,
}: {
  slides: AdminSlide[] | null;
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
    <section aria-labelledby="admin-panel-title" className="space-y-4" lang="nl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          Homepage Carousel Beheer
        </h2>
        {slides ? (
          <div className="flex flex-wrap items-center gap-3">
            <ChangeHistoryLink entityType="slide" label="all slides" />
            <Button asChild size="sm">
              <Link to="?slide=new" preventScrollReset>
                <Plus aria-hidden />
                Nieuwe slide
              </Link>
            </Button>
          </div>
        ) : null}
      </div>
      <ActionMessage result={result} />
      {loadError ? (
        <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4">
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
          <p className="text-muted">Er zijn nog geen slides. De homepage toont dan geen carousel.</p>
        ) : (
          <SlideTable slides={slides} />
        )
      ) : null}
      {slides && editing === "new" ? <SlideDialog key="new" slide={null} /> : null}
      {editSlide ? <SlideDialog key={editSlide.id} slide={editSlide} /> : null}
      {deleteSlide ? <DeleteDialog key={deleteSlide.id} slide={deleteSlide} /> : null}
    </section>
  );
}

function SlideTable({ slides }: { slides: AdminSlide[] }) {
  // A table on wider screens; below 768 px each row is a card (the cells stack), actions in reach.
  return (
    <table className="w-full border-collapse text-left text-sm max-md:block">
      <caption className="sr-only">Slides in de volgorde van de homepage</caption>
      <thead className="bg-surface text-xs tracking-wide text-muted uppercase max-md:sr-only">
        <tr>
          <th scope="col" className="px-3 py-3 font-semibold">
            Volgorde
          </th>
          <th scope="col" className="px-3 py-3 font-semibold">
            Afbeelding
          </th>
          <th scope="col" className="px-3 py-3 font-semibold">
            Titel
          </th>
          <th scope="col" className="px-3 py-3 font-semibold">
            Highlight
          </th>
          <th scope="col" className="px-3 py-3 font-semibold">
            Actief
          </th>
          <th scope="col" className="px-3 py-3 text-right font-semibold">
            Acties
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {slides.map((slide, index) => (
          <SlideRow key={slide.id} slide={slide} isFirst={index === 0} isLast={index === slides.length - 1} />
        ))}
      </tbody>
    </table>
  );
}

function SlideRow({ slide, isFirst, isLast }: { slide: AdminSlide; isFirst: boolean; isLast: boolean }) {
  const move = useFetcher<AdminActionResult>();
  const toggle = useFetcher<AdminActionResult>();
  useResultToast(move.data);
  useResultToast(toggle.data);
  const pending = toggle.formData?.get("active");
  const active = pending === "true" ? true : pending === "false" ? false : slide.isActive;
  const moving = move.state !== "idle";

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
            aria-label={`${slide.title} omhoog`}
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
            aria-label={`${slide.title} omlaag`}
          >
            <ArrowDown aria-hidden />
          </Button>
        </move.Form>
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
        {slide.title}
      </th>
      <td className="px-3 py-3 max-md:col-start-2 max-md:row-start-2 max-md:p-0">
        {slide.highlight ? (
          <Badge variant="outline">{slide.highlight}</Badge>
        ) : (
          <>
            <span aria-hidden className="text-muted">
              —
            </span>
            <span className="sr-only">Geen highlight</span>
          </>
        )}
      </td>
      <td className="px-3 py-3 max-md:col-start-1 max-md:row-start-3 max-md:flex max-md:items-center max-md:p-0">
        <toggle.Form method="post" action={PANEL_PATH} className="flex items-center gap-2">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={slide.id} />
          <SwitchButton checked={active} aria-label={`Actief: ${slide.title}`} name="active" />
          <span aria-hidden className="text-xs text-muted md:sr-only">
            {active ? "Actief" : "Inactief"}
          </span>
        </toggle.Form>
      </td>
      <td className="px-3 py-3 text-right max-md:col-span-2 max-md:row-start-4 max-md:p-0 max-md:text-left">
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Button asChild size="sm" variant="outline">
            <Link to={`?slide=${slide.id}`} preventScrollReset aria-label={`Bewerken: ${slide.title}`}>
              <Pencil aria-hidden />
              Bewerken
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline" className="text-danger">
            <Link to={`?delete=${slide.id}`} preventScrollReset aria-label={`Verwijderen: ${slide.title}`}>
              <Trash2 aria-hidden />
              Verwijderen
            </Link>
          </Button>
          <ChangeHistoryLink entityType="slide" entityId={String(slide.id)} label={slide.title} compact />
        </div>
      </td>
    </tr>
  );
}

type UploadState = { busy: boolean; message: string | null; error: boolean };

function SlideDialog({ slide }: { slide: AdminSlide | null }) {
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
    setUpload({ busy: true, message: "Bezig met uploaden…", error: false });
    const body = new FormData();
    body.append("file", file);
    try {
      const response = await fetch("/admin/homepage/upload", { method: "POST", body });
      const answer = await readUploadAnswer(response);
      if (!answer.ok) throw new Error(answer.message);
      setBgImage(answer.url);
      setUpload({ busy: false, message: "Afbeelding geüpload", error: false });
    } catch (error) {
      const message = error instanceof Error ? error.message : "Uploaden is mislukt";
      setUpload({ busy: false, message: `Fout bij uploaden: ${message}`, error: true });
    }
  }

  return (
    <UrlDialog closeTo={PANEL_PATH} title={slide ? "Slide bewerken" : "Nieuwe slide"} wide>
      <fetcher.Form method="post" action={PANEL_PATH} className="space-y-4">
        <input type="hidden" name="intent" value="save" />
        {slide ? <input type="hidden" name="id" value={slide.id} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={id("title")}>Titel (verplicht)</Label>
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
          <Label htmlFor={id("text")}>Tekst</Label>
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
          <legend className="px-1 text-sm font-medium">Achtergrondafbeelding (verplicht)</legend>
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <div className="space-y-3">
              <div className="space-y-1.5">
                <Label htmlFor={id("bgImage")}>Afbeelding-URL</Label>
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
                  Een afbeelding van de winkel zelf: een pad zoals /media/hero/1.svg, of upload hieronder een bestand.
                </p>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={id("file")} className="inline-flex items-center gap-2">
                  <ImageUp aria-hidden className="size-4" />
                  Afbeelding uploaden (JPEG, PNG of WebP, max. 5 MB)
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
                alt="Voorbeeld van de achtergrondafbeelding"
                className="aspect-[4/3] w-32 rounded-md border border-line bg-surface object-cover"
              />
            ) : (
              <div
                aria-hidden
                className="flex aspect-[4/3] w-32 items-center justify-center rounded-md border border-dashed border-line text-xs text-muted"
              >
                Geen afbeelding
              </div>
            )}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={id("ctaText")}>Knoptekst</Label>
            <Input id={id("ctaText")} name="ctaText" maxLength={120} defaultValue={slide?.ctaText ?? ""} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={id("ctaLink")}>Knoplink</Label>
            <select
              id={id("ctaLink")}
              name="ctaLink"
              defaultValue={slide?.ctaLink ?? ""}
              className="flex h-10 w-full rounded-md border border-line bg-white px-3 text-base md:text-sm"
            >
              <option value="">Geen link</option>
              {SLIDE_LINKS.map((link) => (
                <option key={link} value={link}>
                  {link}
                </option>
              ))}
            </select>
          </div>
        </div>
        <UrlDialogActions
          closeTo={PANEL_PATH}
          cancelLabel="Annuleren"
          submitLabel="Opslaan"
          busyLabel="Bezig met opslaan…"
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
    <UrlDialog
      closeTo={PANEL_PATH}
      title="Slide verwijderen"
      description="Weet je zeker dat je deze slide wilt verwijderen?"
    >
      <p className="mb-4 text-sm">
        <span className="text-muted">Slide: </span>
        <span className="font-medium">{slide.title}</span>
      </p>
      <fetcher.Form method="post" action={PANEL_PATH} className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={slide.id} />
        <Button asChild variant="outline">
          <Link to={PANEL_PATH} preventScrollReset>
            Annuleren
          </Link>
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
          Verwijderen
        </Button>
      </fetcher.Form>
    </UrlDialog>
  );
}
