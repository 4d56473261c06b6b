import { Button, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { existingLinks } from '../nav-visibility';
import { AUTH_MENU_LINKS } from '../navigation';
import { useRouteMeta } from '../route-handle';
import classes from './auth-layout.module.css';
import { SiteFooter } from './site-footer';

export const DEFAULT_AUTH_BACKGROUND = '/backgrounds/market-night.svg';

/** Spec §2 auth layout: full-page background (image or video), the menu, centred content. */
export function AuthLayout() {
  const meta = useRouteMeta();
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
          {existingLinks(AUTH_MENU_LINKS).map((link) => (
            <Button
              key={link.path}
              component={Link}
              to={link.path}
              variant={link.path === '/login' ? 'white' : 'subtle'}
              color={link.path === '/login' ? 'dark' : 'gray'}
              className={classes.menuLink}
              data-variant={link.path === '/login' ? 'primary' : undefined}
            >
              {link.label}
            </Button>
          ))}
        </Group>
      </header>

      <main className={meta?.hideContent ? classes.bare : classes.content}>
        <Outlet />
      </main>

      {!meta?.hideFooter && <SiteFooter inverted />}
    </div>
  );
}
