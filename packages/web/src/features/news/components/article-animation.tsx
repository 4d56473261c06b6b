import { useReducedMotion } from '@mantine/hooks';
import { useState } from 'react';
import { useNewsGif } from '../api/news-gif';
import classes from './article-animation.module.css';

export interface ArticleAnimationProps {
  /** The analyst's `AI.gif_keywords`. */
  keywords: readonly string[] | null | undefined;
  className?: string;
}

/**
 * The looping animation for an article's GIF keywords (GET /news/gif), 16:9 and rounded. It is
 * decoration: nothing shows while it loads, when it fails, or for readers who ask for reduced
 * motion (a GIF cannot be paused, so it is left out and not even requested).
 */
export function ArticleAnimation({ keywords, className }: ArticleAnimationProps) {
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const gif = useNewsGif(keywords, !reducedMotion);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (reducedMotion || !gif.data || gif.data.url === brokenUrl) return null;
  const { url, title } = gif.data;
  return (
    <img
      src={url}
      alt={title}
      title={title}
      width={240}
      height={135}
      loading="lazy"
      decoding="async"
      className={className ? `${classes.animation} ${className}` : classes.animation}
      onError={() => setBrokenUrl(url)}
    />
  );
}
