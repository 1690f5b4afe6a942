import { CheckCircle2, XCircle } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/shared/ui/button";
import type { QuizState } from "./quiz-state";
import { cn } from "~/shared/ui/cn";
import { HiddenFields } from "./hidden-fields";

/**
 * The true/false quiz. Answering is a GET form (?vraag=n&antwoord=…), so it works without
 * JavaScript and the server judges the answer; "Volgende vraag" is a link that wraps around.
 */
export function Quiz({
  quiz,
  action,
  keepFields,
  nextHref,
}: {
  quiz: QuizState;
  action: string;
  keepFields: [string, string][];
  nextHref: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.search.includes("antwoord=");
  return (
    <section aria-labelledby="quiz-kop" id="quiz" className="rounded-xl border border-brand-100 bg-brand-50 p-5 sm:p-6">
      <h2 id="quiz-kop" className="text-xl font-bold text-brand-900">
        Sportvoeding quiz
      </h2>
      <p className="mt-1 text-sm font-medium text-brand-700">{`Vraag ${quiz.number} van ${quiz.total}`}</p>
      <p className="mt-3 text-lg font-medium text-ink">{quiz.statement}</p>
      {quiz.answer ? (
        <div role="status" className="mt-4 space-y-3">
          <p
            className={cn(
              "flex items-center gap-2 text-lg font-bold",
              quiz.answer.correct ? "text-brand-700" : "text-danger",
            )}
          >
            {quiz.answer.correct ? (
              <CheckCircle2 aria-hidden className="size-5" />
            ) : (
              <XCircle aria-hidden className="size-5" />
            )}
            {quiz.answer.correct ? "Correct!" : "Onjuist!"}
          </p>
          <p className="text-ink">{quiz.answer.explanation}</p>
          <Link to={nextHref} preventScrollReset className={buttonVariants({ variant: "default" })}>
            Volgende vraag
          </Link>
        </div>
      ) : (
        <Form method="get" action={action} preventScrollReset className="mt-4 flex flex-wrap gap-3" aria-busy={busy}>
          <HiddenFields fields={[...keepFields, ["vraag", String(quiz.number)]]} />
          <Button type="submit" name="antwoord" value="waar" disabled={busy} className="min-w-32">
            WAAR
          </Button>
          <Button type="submit" name="antwoord" value="niet-waar" variant="accent" disabled={busy} className="min-w-32">
            NIET WAAR
          </Button>
        </Form>
      )}
    </section>
  );
}
