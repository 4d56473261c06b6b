import { Button, Group } from '@mantine/core';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { BrandLogo } from '../../components/brand-logo';
import { authMenuLinks } from '../nav-visibility';
import { GuardedOutlet } from '../route-guard';
import { useRouteMeta } from '../route-handle';
import classes from './auth-layout.module.css';
import { SiteFooter } from './site-footer';

export const DEFAULT_AUTH_BACKGROUND = '/backgrounds/market-night.svg';

/** Spec §2 auth layout: full-page background (image or video), the menu, centred content. */
export function AuthLayout() {
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const image = meta?.backgroundImage ?? DEFAULT_AUTH_BACKGROUND;

  return (
    <div className={classes.root}>
      {meta?.backgroundVideo ? (
        <video
          className={classes.media}
          src={meta.backgroundVideo}
          poster={image}
          autoPlay
          muted
          loop
          playsInline
          aria-hidden="true"
        />
      ) : (
        <div
          className={classes.media}
          style={{ backgroundImage: `url("${image}")` }}
          aria-hidden="true"
        />
      )}
      <div className={classes.scrim} aria-hidden="true" />

      <header className={classes.menu}>
        <Link to="/" className={classes.home} aria-label="StockPulse home">
          <BrandLogo inverted />
        </Link>
        <Group component="nav" aria-label="Site" gap={6} wrap="nowrap">
          {authMenuLinks(pathname).map((link) => {
            const primary = link.path === '/login' || link.path === '/register';
            return (
              <Button
                key={link.path}
                component={Link}
                to={link.path}
                variant={primary ? 'white' : 'subtle'}
                color={primary ? 'dark' : 'gray'}
                className={classes.menuLink}
                data-variant={primary ? 'primary' : undefined}
              >
                {link.label}
              </Button>
            );
          })}
        </Group>
      </header>

      <main className={meta?.hideContent ? classes.bare : classes.content}>
        <GuardedOutlet loadUserFirst={false} />
      </main>

      {!meta?.hideFooter && <SiteFooter inverted />}
    </div>
  );
}
