/**
 * Run in a child process whose DATA_DIR is a tiny tmpfs of its own (tests/integration/disk-full.test.ts
 * mounts it in a private mount namespace): every write path of the shop meets a real full disk
 * (ENOSPC). Prints one JSON line: what each write answered, and every file left in DATA_DIR.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { storeCarouselImage } from "../../app/features/carousel/uploads.server";
import { storageFor } from "../../app/shared/storage/index.server";
import { receiveFeedUpload } from "../../app/features/supplier-feed/upload.http.server";

const dataDir = process.argv[2]!;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const outcome = async <T>(work: () => Promise<T>) =>
  work().then(
    (value) => ({ value }),
    (error: unknown) => ({ error: (error as NodeJS.ErrnoException).code ?? String(error) }),
  );

// A photo-like picture (noise does not compress) whose WebP at the carousel's size is far bigger
// than the disk's room.
const photo = await sharp({
  create: {
    width: 1920,
    height: 1080,
    channels: 3,
    background: "#808080",
    noise: { type: "gaussian", mean: 128, sigma: 50 },
  },
})
  .jpeg({ quality: 70 })
  .toBuffer();

const carousel = await outcome(() =>
  storeCarouselImage(storageFor({ dataDir }, "carousel"), new File([new Uint8Array(photo)], "foto.jpg")),
);
const images = await outcome(() =>
  storageFor({ dataDir }, "images").put("10001-abc-800.webp", Buffer.alloc(1024 * 1024, 7), "image/webp"),
);
const form = new FormData();
form.append("format", "csv");
form.append("file", new Blob([new Uint8Array(1024 * 1024).fill(65)]), "voorraad.csv");
const feed = await outcome(() =>
  receiveFeedUpload(
    new Request("http://127.0.0.1/admin/feeds/upload", { method: "POST", body: form }),
    storageFor({ dataDir }, "feeds"),
    10 * 1024 * 1024,
  ),
);

process.stdout.write(
  JSON.stringify({ photoBytes: photo.length, carousel, images, feed, files: filesUnder(dataDir) }) + "\n",
);
