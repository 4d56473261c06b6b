import { describe, expect, it } from 'vitest';
import { readQuestions, runEvaluation, scores } from './evaluate.ts';

describe('the assistant evaluation over the demo data', () => {
  it('has at least 60 questions covering every intent and persona', () => {
    const questions = readQuestions();
    expect(questions.length).toBeGreaterThanOrEqual(60);
    expect(new Set(questions.map((q) => q.expect.intent)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(questions.map((q) => q.persona)).size).toBe(6);
  });

  it('cites correctly in at least 95 % of answers and stays on topic in at least 80 %', () => {
    const s = scores(runEvaluation());
    expect(s.correctCitations).toBeGreaterThanOrEqual(0.95);
    expect(s.onTopic).toBeGreaterThanOrEqual(0.8);
  });
});
