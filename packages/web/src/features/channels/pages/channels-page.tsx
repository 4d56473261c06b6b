import { Grid, Stack } from '@mantine/core';
import { AddChannelForm } from '../components/add-channel-form';
import { ChannelList } from '../components/channel-list';
import { ChannelPosts } from '../components/channel-posts';
import { PageTitle } from '../../../components/page-title';

/** `/channels/list` (admins, spec §2, §6): where the product publishes on Telegram. */
export function ChannelsPage() {
  return (
    <Stack gap="lg">
      <PageTitle title="Channels">
        The Telegram channels StockPulse publishes to: defcon-1 alerts as they happen and the daily
        market brief after the close.
      </PageTitle>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <ChannelList />
            <AddChannelForm />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ChannelPosts />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
