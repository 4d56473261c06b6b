/** What the translate route has always answered when no language model is configured. */
export const TRANSLATION_NEEDS_LLM =
  'Translation needs a language model, and this server runs the offline analyst only.';

/**
 * Thrown by an analyst asked for something it cannot do (the offline analyst cannot translate).
 * Routes turn it into a 400 with its message: the request is fine, this server's setup is not.
 */
export class AiCapabilityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiCapabilityError';
  }
}
