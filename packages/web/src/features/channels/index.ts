/**
 * The channels feature (admins): `/channels/list`. The route table loads its page directly;
 * nothing else of it is public.
 */
export { ChannelsPage } from './pages/channels-page';
