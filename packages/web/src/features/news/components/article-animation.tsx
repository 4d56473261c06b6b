import { useReducedMotion } from '@mantine/hooks';
import { useState } from 'react';
import { gifKeywordsParam, useNewsGif } from '../api/news-gif';
import classes from './article-animation.module.css';

export interface ArticleAnimationProps {
  /** The analyst's `AI.gif_keywords`. */
  keywords: readonly string[] | null | undefined;
  className?: string;
}

/**
 * The looping animation for an article's GIF keywords (GET /news/gif), 16:9 and rounded. It is
 * decoration: nothing shows when it fails, or for readers who ask for reduced motion (a GIF
 * cannot be paused, so it is left out and not even requested). While it loads, an empty frame of
 * its size holds its place, so the text below does not jump down when it arrives (a layout
 * shift); the frame is hidden by CSS for reduced motion, so the server's markup and the
 * hydrating render stay the same whatever the reader's setting.
 */
export function ArticleAnimation({ keywords, className }: ArticleAnimationProps) {
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const gif = useNewsGif(keywords, !reducedMotion);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const classNames = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');
  if (gif.isPending && gifKeywordsParam(keywords ?? []) !== '') {
    return (
      <span className={classNames(classes.animation, classes.loading, className)} aria-hidden />
    );
  }
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
      className={classNames(classes.animation, className)}
      onError={() => setBrokenUrl(url)}
    />
  );
}
