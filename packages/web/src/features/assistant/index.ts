/**
 * The AI assistant's public face: the article Q&A panel (news) and the admin's services queue.
 * Its pages are reached through the route table. Everything else in features/assistant is
 * internal; ESLint keeps other features to this file (eslint.config.js).
 */
export { ArticleQuestions } from './components/article-questions';
export { QueueStateCard } from './components/queue-state-card';
export { LatestPortfolioSummary } from './components/latest-portfolio-summary';
