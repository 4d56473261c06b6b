import {
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandLinkedin,
  IconBrandReddit,
  IconBrandX,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

export const SHARE_COPIED = 'Link copied to clipboard';
export const SHARE_COPY_FAILED = 'Failed to copy to clipboard';
export const SHARE_UNSUPPORTED = 'Share feature not supported on this browser.';

/** GitHub has no URL that pre-fills a new gist: the Gist target copies this text first. */
export const GIST_NEW_URL = 'https://gist.github.com/';

export interface ShareTarget {
  id: 'twitter' | 'linkedin' | 'gist' | 'reddit' | 'facebook';
  label: string;
  href: string;
  icon: Icon;
}

const enc = encodeURIComponent;

/** The markdown line a new gist gets (pasted by the user: GitHub cannot pre-fill a gist). */
export function gistText(url: string, title: string): string {
  return `[${title.replace(/[[\]]/g, '')}](${url})`;
}

/** Spec §2 share card: the social sites a link can be shared to, with encoded share URLs. */
export function shareTargets(url: string, title: string): ShareTarget[] {
  return [
    {
      id: 'twitter',
      label: 'Twitter',
      href: `https://x.com/intent/tweet?text=${enc(title)}&url=${enc(url)}`,
      icon: IconBrandX,
    },
    {
      id: 'linkedin',
      label: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}`,
      icon: IconBrandLinkedin,
    },
    { id: 'gist', label: 'GitHub Gist', href: GIST_NEW_URL, icon: IconBrandGithub },
    {
      id: 'reddit',
      label: 'Reddit',
      href: `https://www.reddit.com/submit?url=${enc(url)}&title=${enc(title)}`,
      icon: IconBrandReddit,
    },
    {
      id: 'facebook',
      label: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`,
      icon: IconBrandFacebook,
    },
  ];
}

/** What this browser can do with a link (read when the panel renders; tests replace `navigator`). */
export function shareCapabilities(): { nativeShare: boolean; clipboard: boolean } {
  const nav: Partial<Navigator> = typeof navigator === 'undefined' ? {} : navigator;
  return {
    nativeShare: typeof nav.share === 'function',
    clipboard: typeof nav.clipboard?.writeText === 'function',
  };
}
