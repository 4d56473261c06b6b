/**
 * The tickers feature's public face: ticker suggestions (GET /ticker/suggestions) and the input
 * that offers them, embedded by search, companies and the AI assistant. Everything else in
 * features/tickers is internal; ESLint keeps other features to this file (eslint.config.js).
 */
export { suggestionsQueryOptions } from './api/suggestions';
export type { Suggestion, SuggestionResult, SuggestionSource } from './api/suggestions';
export { preloadSuggestionInput, SuggestionInput } from './components/suggestion-input';
export type { SuggestionInputProps } from './components/suggestion-input';
