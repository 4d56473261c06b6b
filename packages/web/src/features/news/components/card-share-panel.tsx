import { useLocation } from 'react-router';
import { SharePanel } from '../../../components/share/share-panel';
import { isArticlePage } from './article-card-parts';

/** The share panel of a card; reads the location only while open (a navigation redraws it alone). */
export function CardSharePanel({
  articleId,
  ...props
}: { articleId: string } & Omit<Parameters<typeof SharePanel>[0], 'isCurrentPage'>) {
  const location = useLocation();
  return <SharePanel {...props} isCurrentPage={isArticlePage(articleId, location)} />;
}
