import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '../../components/link';
import { existingLinks } from '../nav-visibility';
import { FOOTER_LINKS } from '../navigation';
import classes from './site-footer.module.css';
import { clockNow, useDisplayClock } from '../../lib/hydration';

export function SiteFooter({ inverted = false }: { inverted?: boolean }) {
  // The server's year (UTC, when it drew the page) while its first screen is hydrated.
  const clock = useDisplayClock();
  const now = clockNow(clock);
  const year = clock.timeZone === undefined ? now.getFullYear() : now.getUTCFullYear();
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
