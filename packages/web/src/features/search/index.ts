/**
 * The search feature's public face: the search box of the top and action bars. Everything else in
 * features/search is internal; ESLint keeps other features to this file (eslint.config.js).
 */
export { SearchBox } from './components/search-box';
