import type { ComponentProps, ReactNode } from "react";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import type { CheckoutField } from "./checkout-schema";

export const fieldId = (name: CheckoutField | "country") => `checkout-${name}`;
export const errorId = (name: CheckoutField) => `checkout-${name}-fout`;

/**
 * A labelled text field of the wizard; its message (shown once the shopper leaves the field or
 * submits the step) is linked with aria-describedby and marks the field aria-invalid.
 */
export function CheckoutInput({
  name,
  label,
  error,
  hint,
  className,
  ...props
}: {
  name: CheckoutField;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
} & Omit<ComponentProps<"input">, "name" | "id">) {
  const hintId = hint ? `${fieldId(name)}-hint` : undefined;
  const describedBy = [error ? errorId(name) : null, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ? `space-y-1.5 ${className}` : "space-y-1.5"}>
      <Label htmlFor={fieldId(name)}>{label}</Label>
      <Input
        id={fieldId(name)}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(name)} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label beside it; posts "on" when checked, like a plain form. */
export function CheckoutCheckbox({
  name,
  label,
  checked,
  onChange,
}: {
  name: CheckoutField;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        type="checkbox"
        id={fieldId(name)}
        name={name}
        value="on"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        className="mt-0.5 size-5 shrink-0 rounded border-line accent-brand-700"
      />
      <Label htmlFor={fieldId(name)} className="leading-6">
        {label}
      </Label>
    </div>
  );
}
