import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { existingLinks } from '../nav-visibility';
import { FOOTER_LINKS } from '../navigation';
import classes from './site-footer.module.css';

export function SiteFooter({ inverted = false }: { inverted?: boolean }) {
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer} data-inverted={inverted || undefined}>
      <Group component="nav" aria-label="Footer" gap="lg" className={classes.links}>
        {existingLinks(FOOTER_LINKS).map((link) => (
          <Anchor key={link.path} component={Link} to={link.path} className={classes.link}>
            {link.label}
          </Anchor>
        ))}
      </Group>
      <Text size="xs" className={classes.copyright}>
        © {year} StockPulse. Information only, not financial advice.
      </Text>
    </footer>
  );
}
