import { asc, eq, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { carouselSlides } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import type { AdminSlide, SlideInput } from "./carousel-admin";

/**
 * Every write to the carousel takes this transaction-scoped advisory lock first, so two admins
 * moving, adding or deleting slides at the same moment take turns: each renumbering sees the order
 * the previous one left, and sort_order stays 0, 1, 2, … without gaps or duplicates.
 */
const CAROUSEL_LOCK = 7_310_915;

async function lockCarousel(tx: DbExecutor) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CAROUSEL_LOCK})`);
}

const SLIDE_COLUMNS = {
  id: carouselSlides.id,
  title: carouselSlides.title,
  text: carouselSlides.text,
  bgImage: carouselSlides.bgImage,
  ctaText: carouselSlides.ctaText,
  ctaLink: carouselSlides.ctaLink,
  highlight: carouselSlides.highlight,
  isActive: carouselSlides.isActive,
  sortOrder: carouselSlides.sortOrder,
  startsOn: carouselSlides.startsOn,
  endsOn: carouselSlides.endsOn,
};

/** Every slide, active or not, in the order the home page shows them (spec 2 §7.3, admin variant). */
export async function listAllSlides(db: DbExecutor): Promise<AdminSlide[]> {
  return db.select(SLIDE_COLUMNS).from(carouselSlides).orderBy(asc(carouselSlides.sortOrder), asc(carouselSlides.id));
}

async function findSlide(tx: DbExecutor, id: number): Promise<AdminSlide | undefined> {
  const [row] = await tx.select(SLIDE_COLUMNS).from(carouselSlides).where(eq(carouselSlides.id, id)).limit(1);
  return row;
}

/** Rewrites sort_order as 0, 1, 2, … in the given order (only the rows whose number changes). */
async function renumber(tx: DbExecutor, slides: AdminSlide[]) {
  for (const [index, slide] of slides.entries()) {
    if (slide.sortOrder !== index) {
      await tx.update(carouselSlides).set({ sortOrder: index }).where(eq(carouselSlides.id, slide.id));
    }
  }
}

export type SlideWriteResult =
  { ok: true; slide: AdminSlide } | { ok: false; reason: "not-found" | "invalid"; message: string };

const NOT_FOUND = { ok: false, reason: "not-found", message: "Slide niet gevonden" } as const;

/** A new slide goes last; it is active unless the admin says otherwise. */
export async function createSlide(
  db: Db,
  actor: AdminActor,
  input: SlideInput & { isActive?: boolean },
): Promise<SlideWriteResult> {
  return db.transaction(async (tx) => {
    await lockCarousel(tx);
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${carouselSlides.sortOrder}) + 1, 0)::int` })
      .from(carouselSlides)) as [{ next: number }];
    const [row] = await tx
      .insert(carouselSlides)
      .values({ ...input, isActive: input.isActive ?? true, sortOrder: Number(next) })
      .returning(SLIDE_COLUMNS);
    await recordAdminChange(tx, actor, {
      entityType: "slide",
      entityId: String(row!.id),
      action: "create",
      before: null,
      after: row,
    });
    return { ok: true, slide: row! };
  });
}

export async function updateSlide(db: Db, actor: AdminActor, id: number, input: SlideInput): Promise<SlideWriteResult> {
  return db.transaction(async (tx) => {
    await lockCarousel(tx);
    const before = await findSlide(tx, id);
    if (!before) return NOT_FOUND;
    const [after] = await tx
      .update(carouselSlides)
      .set(input)
      .where(eq(carouselSlides.id, id))
      .returning(SLIDE_COLUMNS);
    await recordAdminChange(tx, actor, { entityType: "slide", entityId: String(id), action: "update", before, after });
    return { ok: true, slide: after! };
  });
}

export async function setSlideActive(
  db: Db,
  actor: AdminActor,
  id: number,
  isActive: boolean,
): Promise<SlideWriteResult> {
  return db.transaction(async (tx) => {
    await lockCarousel(tx);
    const before = await findSlide(tx, id);
    if (!before) return NOT_FOUND;
    const [after] = await tx
      .update(carouselSlides)
      .set({ isActive })
      .where(eq(carouselSlides.id, id))
      .returning(SLIDE_COLUMNS);
    await recordAdminChange(tx, actor, {
      entityType: "slide",
      entityId: String(id),
      action: isActive ? "activate" : "deactivate",
      before: { isActive: before.isActive },
      after: { isActive },
    });
    return { ok: true, slide: after! };
  });
}

/** Deletes a slide and closes the gap: the others are renumbered from 0. */
export async function deleteSlide(db: Db, actor: AdminActor, id: number): Promise<SlideWriteResult> {
  return db.transaction(async (tx) => {
    await lockCarousel(tx);
    const before = await findSlide(tx, id);
    if (!before) return NOT_FOUND;
    await tx.delete(carouselSlides).where(eq(carouselSlides.id, id));
    await renumber(tx, await listAllSlides(tx));
    await recordAdminChange(tx, actor, {
      entityType: "slide",
      entityId: String(id),
      action: "delete",
      before,
      after: null,
    });
    return { ok: true, slide: before };
  });
}

/**
 * Moves a slide one step up or down and renumbers ALL slides from 0 (spec 1 §4). The first cannot
 * move up and the last cannot move down. The order is read under the carousel lock, so two
 * concurrent moves apply one after the other.
 */
export async function moveSlide(
  db: Db,
  actor: AdminActor,
  id: number,
  direction: "up" | "down",
): Promise<SlideWriteResult> {
  return db.transaction(async (tx) => {
    await lockCarousel(tx);
    const slides = await listAllSlides(tx);
    const index = slides.findIndex((slide) => slide.id === id);
    if (index < 0) return NOT_FOUND;
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0) return { ok: false, reason: "invalid", message: "De eerste slide kan niet omhoog" };
    if (target >= slides.length) return { ok: false, reason: "invalid", message: "De laatste slide kan niet omlaag" };
    const order = [...slides];
    [order[index], order[target]] = [order[target]!, order[index]!];
    await renumber(tx, order);
    await recordAdminChange(tx, actor, {
      entityType: "slide",
      entityId: String(id),
      action: `move-${direction}`,
      before: { order: slides.map((slide) => slide.id), sortOrder: slides[index]!.sortOrder },
      after: { order: order.map((slide) => slide.id), sortOrder: target },
    });
    return { ok: true, slide: { ...slides[index]!, sortOrder: target } };
  });
}

/**
 * Moves a slide to `position` (1 = first) in one step: the others close up behind it and every slide
 * is renumbered from 0, all in one transaction under the carousel lock (ADR 0012, 0038).
 */
export async function moveSlideTo(db: Db, actor: AdminActor, id: number, position: number): Promise<SlideWriteResult> {
  return db.transaction(async (tx) => {
    await lockCarousel(tx);
    const slides = await listAllSlides(tx);
    const index = slides.findIndex((slide) => slide.id === id);
    if (index < 0) return NOT_FOUND;
    if (!Number.isInteger(position) || position < 1 || position > slides.length) {
      return { ok: false, reason: "invalid", message: `Kies een positie van 1 tot ${slides.length}` };
    }
    const order = slides.filter((slide) => slide.id !== id);
    order.splice(position - 1, 0, slides[index]!);
    if (position - 1 !== index) {
      await renumber(tx, order);
      await recordAdminChange(tx, actor, {
        entityType: "slide",
        entityId: String(id),
        action: "move-to",
        before: { order: slides.map((slide) => slide.id), position: index + 1 },
        after: { order: order.map((slide) => slide.id), position },
      });
    }
    return { ok: true, slide: { ...slides[index]!, sortOrder: position - 1 } };
  });
}
