/** The analysis feature's public face: the company page's AI review. */
export { LatestCompanyAnalysis, NO_ANALYSIS_TEXT } from './components/latest-company-analysis';
