import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { Link } from '../../../components/link';
import { BrandLogo } from '../../../components/brand-logo';
import { useSiteContact } from '../api/site-contact';
import classes from './public-footer.module.css';

/** Spec §2: the landing footer's links, in this order. */
export const PUBLIC_FOOTER_LINKS = [
  { label: 'About', path: PAGE_PATHS.about },
  { label: 'Features', path: PAGE_PATHS.features },
  { label: 'Pricing', path: PAGE_PATHS.pricing },
  { label: 'Blog', path: PAGE_PATHS.blog },
  { label: 'Help', path: PAGE_PATHS.help },
  { label: 'Contact', path: PAGE_PATHS.contact },
  { label: 'FAQ', path: PAGE_PATHS.faq },
  { label: 'Documentation', path: PAGE_PATHS.documentation },
  { label: 'Privacy', path: PAGE_PATHS.privacy },
  { label: 'Terms', path: PAGE_PATHS.terms },
  { label: 'Cookies', path: PAGE_PATHS.cookies },
] as const;

/** The public site's footer: every public page, and how to reach us (CONTACT_* settings). */
export function PublicFooter() {
  const contact = useSiteContact();
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <Stack gap="sm" className={classes.brand}>
          <BrandLogo />
          <Text size="sm" c="dimmed" maw={320}>
            AI-assisted market news and company analysis for self-directed investors.
          </Text>
          {/* Empty until the server names them; the static landing's enhancer fills the slot. */}
          {!contact && (
            <Stack
              gap={6}
              component="address"
              className={classes.contact}
              data-site-contact
              hidden
            />
          )}
          {contact && (
            <Stack gap={6} component="address" className={classes.contact}>
              <Group gap={8} wrap="nowrap">
                <IconMail size={16} aria-hidden="true" />
                <Anchor href={`mailto:${contact.email}`} size="sm">
                  {contact.email}
                </Anchor>
              </Group>
              <Group gap={8} wrap="nowrap">
                <IconPhone size={16} aria-hidden="true" />
                <Anchor href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} size="sm">
                  {contact.phone}
                </Anchor>
              </Group>
              {contact.addresses.map((address) => (
                <Group key={address} gap={8} wrap="nowrap" align="flex-start">
                  <IconMapPin size={16} aria-hidden="true" className={classes.pin} />
                  <Text size="sm">{address}</Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
        <nav aria-label="Footer" className={classes.links}>
          {PUBLIC_FOOTER_LINKS.map((link) => (
            <Anchor
              key={link.path}
              component={Link}
              to={link.path}
              size="sm"
              className={classes.link}
            >
              {link.label}
            </Anchor>
          ))}
        </nav>
      </div>
      <Text size="xs" c="dimmed" ta="center" className={classes.legal}>
        © {new Date().getFullYear()} StockPulse. Information only, not financial advice. Service for
        users 18 and over.
      </Text>
    </footer>
  );
}
