export type QuizQuestion = { position: number; statement: string; isTrue: boolean; explanation: string };

export type QuizAnswer = "waar" | "niet-waar";

export type QuizState = {
  /** 1-based number of the question shown. */
  number: number;
  total: number;
  statement: string;
  answer: { given: QuizAnswer; correct: boolean; explanation: string } | null;
  /** The question after this one; after the last comes the first again. */
  nextNumber: number;
};

/** The quiz as the URL describes it (?vraag=n&antwoord=waar|niet-waar); bad values fall back to question 1. */
export function quizStateOf(questions: QuizQuestion[], search: URLSearchParams): QuizState | null {
  if (!questions.length) return null;
  const raw = search.get("vraag") ?? "";
  const n = /^\d{1,3}$/.test(raw) ? Number(raw) : 1;
  const number = n >= 1 && n <= questions.length ? n : 1;
  const question = questions[number - 1]!;
  const raw2 = search.get("antwoord");
  const given: QuizAnswer | null = raw2 === "waar" || raw2 === "niet-waar" ? raw2 : null;
  const answer = given
    ? { given, correct: (given === "waar") === question.isTrue, explanation: question.explanation }
    : null;
  return {
    number,
    total: questions.length,
    statement: question.statement,
    answer,
    nextNumber: number >= questions.length ? 1 : number + 1,
  };
}
