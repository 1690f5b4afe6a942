/** The spec's texts of the pages after payment (spec 2 §8 "Success page" and "Payment"), in its wording. */
export const CHECKOUT_RESULT_TEXT = {
  invalidSession: "Invalid checkout session",
  couldNotVerify: "Could not verify payment",
  verificationFailed: "Payment verification failed",
  processingError: "An error occurred while processing your order",
  success: "Order successfully processed!",
  /** Spec 2 §8 "Order": shown with the success toast once the order is paid. */
  placed: "Bestelling succesvol geplaatst!",
  cancelled: "Betaling geannuleerd",
} as const;
