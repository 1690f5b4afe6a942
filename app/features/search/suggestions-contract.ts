import type { Dispatch, KeyboardEvent, SetStateAction } from "react";

/*
 * What the search box and its lazily loaded suggestion list agree on. Apart from both, so the list
 * (a chunk of its own, ADR 0006) and the box do not import each other.
 */

/** Spec 2 §9: lookups start at 2 characters. */
export const MIN_CHARS = 2;

export type KeyHandler = (event: KeyboardEvent<HTMLInputElement>) => boolean;

/** What the search box hands its suggestion list; see `SearchBox`. */
export type SuggestionsProps = {
  listId: string;
  term: string;
  expanded: boolean;
  /** The highlighted option (-1: none); the box owns it for its aria-activedescendant. */
  active: number;
  setActive: Dispatch<SetStateAction<number>>;
  /** Closes the list after a choice. */
  close: () => void;
  /** Takes the list's key handler: it returns true when it handled the key. */
  setKeyHandler: (handler: KeyHandler) => void;
};
