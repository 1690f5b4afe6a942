import { cloneElement, isValidElement, type ComponentProps, type Ref } from "react";
import { cn } from "./cn";

const VARIANTS = {
  default: "bg-brand-700 text-white hover:bg-brand-800",
  accent: "bg-accent-600 text-white hover:bg-accent-700",
  outline: "border border-line bg-white hover:bg-surface",
  ghost: "hover:bg-surface",
  link: "text-brand-700 underline-offset-4 hover:underline",
  destructive: "bg-danger text-white hover:bg-red-800",
};
const SIZES = {
  // The font size lives in the size variants: cn() does not merge conflicting classes.
  default: "h-10 px-4 py-2 text-sm",
  sm: "h-9 px-3 text-sm",
  lg: "h-11 px-6 text-base",
  icon: "size-10 text-sm",
};

/** `null` leaves a variant's classes out, as class-variance-authority did (its ~0.3 KB gzip is gone, ADR 0006). */
export type ButtonVariantProps = {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
};

export function buttonVariants({
  variant = "default",
  size = "default",
  className,
}: ButtonVariantProps & { className?: string } = {}): string {
  return cn(
    "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
    variant && VARIANTS[variant],
    size && SIZES[size],
    className,
  );
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<"button"> & ButtonVariantProps & { asChild?: boolean }) {
  const Comp = asChild ? Slot : "button";
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

type Handler = (...args: unknown[]) => unknown;

/**
 * `asChild`: the single child element (say a Link) gets the button's classes and props. A small
 * stand-in for Radix Slot, which cost ~1.4 KB gzip on every page with a button. As there, the
 * child's own props win, except that class names are joined, styles merged, and event handlers
 * and refs of both run (the child's handler first).
 */
function Slot({ children, ...slotProps }: ComponentProps<"button">) {
  if (!isValidElement<Record<string, unknown>>(children)) return null;
  const childProps = children.props;
  const merged: Record<string, unknown> = { ...slotProps, ...childProps };
  for (const [key, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[key] = (...args: unknown[]) => {
        (childValue as Handler)(...args);
        return (slotValue as Handler)(...args);
      };
    }
  }
  merged.className = cn(slotProps.className, childProps.className as string | undefined);
  merged.style = { ...slotProps.style, ...(childProps.style as object | undefined) };
  const refs = [slotProps.ref, childProps.ref].filter((r) => r != null) as Ref<unknown>[];
  if (refs.length === 2) {
    merged.ref = (node: unknown) => {
      for (const ref of refs) {
        if (typeof ref === "function") ref(node);
        else (ref as { current: unknown }).current = node;
      }
    };
  }
  return cloneElement(children, merged);
}
