/**
 * The search feature's public face: the ticker suggestion input other features embed. Everything
 * else in features/search is internal; ESLint keeps other features to this file
 * (eslint.config.js, "Web boundaries").
 */
export { SuggestionInput } from './components/suggestion-input';
export type { SuggestionInputProps } from './components/suggestion-input';
