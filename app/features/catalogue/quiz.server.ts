import { asc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { quizQuestions } from "~/db/schema";
import type { QuizQuestion } from "./quiz-state";

/** The sports-nutrition true/false quiz (spec 1 §2.6), in the shop's order. */
export async function getQuizQuestions(db: Db): Promise<QuizQuestion[]> {
  return db
    .select({
      position: quizQuestions.position,
      statement: quizQuestions.statement,
      isTrue: quizQuestions.isTrue,
      explanation: quizQuestions.explanation,
    })
    .from(quizQuestions)
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
}
