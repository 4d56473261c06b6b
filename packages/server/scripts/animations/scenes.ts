import type { AnimationId } from '../../src/modules/news/animations/catalogue.ts';
import { bell, centralBank, coins, earnings, handshake } from './market-scenes.ts';
import { chart, flat, rocket } from './mood-scenes.ts';
import { factory, gavel, hourglass, newspaper, siren } from './event-scenes.ts';
import { GREEN, RED, type Scene } from './scene.ts';

export { HEIGHT, WIDTH, type Scene } from './scene.ts';

/** How each catalogue animation is drawn. */
export const SCENES: Record<AnimationId, Scene> = {
  siren,
  handshake,
  gavel,
  'central-bank': centralBank,
  coins,
  bell,
  earnings,
  hourglass,
  factory,
  newspaper,
  rocket,
  'chart-up': chart(GREEN, 112, 30),
  'chart-down': chart(RED, 30, 112),
  flat,
};
