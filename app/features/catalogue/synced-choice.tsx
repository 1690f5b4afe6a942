import { useEffect, useRef, type ComponentProps } from "react";

/**
 * A checkbox or radio that starts from the server's state (so plain forms work) and follows new
 * loader data after a client navigation, without remounting and so without losing focus.
 */
export function SyncedChoice({
  checked,
  ...props
}: Omit<ComponentProps<"input">, "checked" | "defaultChecked"> & { checked: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.checked = checked;
  }, [checked]);
  return <input ref={ref} defaultChecked={checked} {...props} />;
}

/** A select that follows the loader's value the same way. */
export function useSyncedSelect(value: string) {
  const ref = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.value = value;
  }, [value]);
  return ref;
}
