import { serveOnLoopback } from "../../support/loopback-server";
import { startFakePdok, type FakeAddress, type FakePdok } from "../../support/fake-pdok";

/**
 * The browser tests' PDOK Locatieserver: a loopback fake (tests/support/fake-pdok.ts) the shop asks,
 * and a small control port a test file uses to take it down and up again (the fake lives in the
 * global set-up's process, the tests in workers). Only these addresses are known, none of them the
 * other journeys' "3511 AB 12", so no other test sees its address filled in.
 */
export const E2E_ADDRESSES: FakeAddress[] = [
  { postcode: "9712CP", houseNumber: 1, street: "Grote Markt", city: "Groningen" },
  { postcode: "6211LH", houseNumber: 8, street: "Vrijthof", city: "Maastricht" },
  // Asked only while the register is down: never in the shop's memory of found addresses.
  { postcode: "1012JS", houseNumber: 1, street: "Dam", city: "Amsterdam" },
];

declare module "vitest" {
  export interface ProvidedContext {
    /** POST /down or /up here takes the fake PDOK down (connection refused) or back up. */
    addressRegisterControlUrl: string;
  }
}

export async function startE2eAddressRegister(): Promise<{
  pdok: FakePdok;
  controlUrl: string;
  close: () => Promise<void>;
}> {
  const pdok = await startFakePdok(E2E_ADDRESSES);
  const control = await serveOnLoopback((req, res) => {
    const done = () => {
      res.writeHead(204);
      res.end();
    };
    if (req.method === "POST" && req.url === "/down") void pdok.goDown().then(done);
    else if (req.method === "POST" && req.url === "/up") void pdok.reopen().then(done);
    else {
      res.writeHead(404);
      res.end();
    }
  });
  return {
    pdok,
    controlUrl: control.url,
    close: async () => {
      await control.close();
      await pdok.close();
    },
  };
}
