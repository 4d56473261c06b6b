import type { PricePoint } from '@app/shared/api/market';
import type { ColorType, IChartApi, ISeriesApi } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import {
  DARK_PALETTE,
  formatChartPrice,
  formatVolumeLabel,
  LIGHT_PALETTE,
  toCandles,
  toVolumeBars,
  VOLUME_PANE_HEIGHT,
} from './chart-format';
import type { ChartPalette } from './chart-format';

interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  /** `ColorType.Solid` of the loaded library (the enum is in the lazily loaded chunk). */
  solid: ColorType;
}

/** How far below the screen the chart starts loading once the visitor scrolls (px). */
const LOAD_MARGIN_PX = 200;

function themeOptions(palette: ChartPalette, solid: ColorType) {
  return {
    layout: {
      background: { type: solid, color: 'transparent' },
      textColor: palette.text,
      panes: { separatorColor: palette.border },
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    rightPriceScale: { borderColor: palette.border },
    timeScale: { borderColor: palette.border },
  } as const;
}

function observeIntersection(
  element: Element,
  rootMargin: string,
  onIntersecting: () => void,
): IntersectionObserver {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onIntersecting();
    },
    { rootMargin },
  );
  observer.observe(element);
  return observer;
}

/** Runs `task` when the browser is idle (a timeout where it has no `requestIdleCallback`). */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => {
      cancelIdleCallback(handle);
    };
  }
  const handle = setTimeout(task, 1);
  return () => {
    clearTimeout(handle);
  };
}

/**
 * Calls `show` once `element` is on the screen, or within LOAD_MARGIN_PX of it once the visitor
 * has scrolled (at once where there is no IntersectionObserver); `prefetch` (at an idle moment)
 * as soon as it is that near. Returns the cleanup. On a phone the chart starts just
 * below the first screen; drawn while the page loads (its first paint is a ~45 ms task of cold
 * canvas code, ~180 ms on a slow phone) it held the main thread when the visitor may first tap.
 * Its code is fetched and evaluated meanwhile, so the first scroll draws it before it is seen.
 */
function whenNearScreen(element: Element, show: () => void, prefetch: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    show();
    return () => undefined;
  }
  let near = false;
  let scrolled = false;
  let done = false;
  let cancelPrefetch: (() => void) | undefined;
  const stop = () => {
    onScreen.disconnect();
    nearScreen.disconnect();
    document.removeEventListener('scroll', onScroll, { capture: true });
  };
  const finish = () => {
    if (done) return;
    done = true;
    stop();
    show();
  };
  const onScroll = () => {
    if (near) finish();
    else document.removeEventListener('scroll', onScroll, { capture: true });
    scrolled = true;
  };
  const onScreen = observeIntersection(element, '0px', finish);
  const nearScreen = observeIntersection(element, `${String(LOAD_MARGIN_PX)}px 0px`, () => {
    near = true;
    if (scrolled) finish();
    else cancelPrefetch ??= whenIdle(prefetch);
  });
  document.addEventListener('scroll', onScroll, { capture: true, passive: true });
  return () => {
    stop();
    cancelPrefetch?.();
  };
}

/**
 * A candlestick chart with a volume pane in `container`: created when the container is on the
 * screen (or near it once the visitor scrolls: `whenNearScreen`), sized with its container (autoSize), recoloured when the colour scheme changes,
 * removed on unmount. The chart library (about 45 KB gzip) is loaded then, not with
 * the page, so a company page's first screen does not wait for it; the container keeps its
 * height meanwhile, so nothing moves when the chart appears.
 */
export function useCandlestickChart(
  container: RefObject<HTMLDivElement | null>,
  points: readonly PricePoint[] | undefined,
  dark: boolean,
): void {
  const parts = useRef<ChartParts | null>(null);
  // Bumped when the chart has been created, so the effects below run for it.
  const [created, setCreated] = useState(0);
  const palette = dark ? DARK_PALETTE : LIGHT_PALETTE;
  // The latest points and palette, for the chart's creation; and what the chart last drew with.
  const latest = useRef({ points, palette });
  const drawn = useRef<{
    theme?: ChartPalette;
    points?: readonly PricePoint[];
    /** The volume bars' colours. */
    pointsPalette?: ChartPalette;
  }>({});
  useEffect(() => {
    latest.current = { points, palette };
  }, [points, palette]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let chart: IChartApi | undefined;
    const create = async () => {
      const { CandlestickSeries, ColorType, createChart, CrosshairMode, HistogramSeries } =
        await import('lightweight-charts');
      if (disposed) return;
      chart = createChart(element, {
        autoSize: true,
        crosshair: { mode: CrosshairMode.Normal },
        timeScale: { rightOffset: 2, fixLeftEdge: true },
      });
      const candles = chart.addSeries(CandlestickSeries, {
        borderVisible: false,
        priceFormat: { type: 'custom', formatter: formatChartPrice, minMove: 0.01 },
      });
      const volume = chart.addSeries(
        HistogramSeries,
        {
          priceFormat: { type: 'custom', formatter: formatVolumeLabel, minMove: 1 },
          priceLineVisible: false,
          lastValueVisible: false,
        },
        1,
      );
      chart.panes()[1]?.setHeight(VOLUME_PANE_HEIGHT);
      parts.current = { chart, candles, volume, solid: ColorType.Solid };
      // Coloured and given its data in the task that creates it, so the chart paints
      // once (each paint of its canvases is a long task on a phone), not empty and then again.
      const { points: now, palette: colours } = latest.current;
      applyTheme(parts.current, colours);
      drawn.current = { theme: colours };
      if (now) {
        applyData(parts.current, now, colours);
        drawn.current = { theme: colours, points: now, pointsPalette: colours };
      }
      setCreated((count) => count + 1);
    };
    const stopWatching = whenNearScreen(
      element,
      () => {
        // A failed chunk load leaves the empty chart box; the page's other parts still work.
        create().catch((error: unknown) => {
          console.error('The price chart could not be loaded', error);
        });
      },
      () => {
        // Only the chunk (fetched and evaluated); a failure shows when the chart is created.
        import('lightweight-charts').catch(() => undefined);
      },
    );
    return () => {
      disposed = true;
      stopWatching();
      parts.current = null;
      drawn.current = {};
      chart?.remove();
    };
  }, [container]);

  useEffect(() => {
    const current = parts.current;
    if (!current || drawn.current.theme === palette) return;
    applyTheme(current, palette);
    drawn.current = { ...drawn.current, theme: palette };
  }, [palette, created]);

  useEffect(() => {
    const current = parts.current;
    if (!current || !points) return;
    if (drawn.current.points === points && drawn.current.pointsPalette === palette) return;
    applyData(current, points, palette);
    drawn.current = { ...drawn.current, points, pointsPalette: palette };
  }, [points, palette, created]);
}

function applyTheme({ chart, candles, solid }: ChartParts, palette: ChartPalette): void {
  chart.applyOptions(themeOptions(palette, solid));
  candles.applyOptions({
    upColor: palette.up,
    downColor: palette.down,
    wickUpColor: palette.up,
    wickDownColor: palette.down,
  });
}

function applyData(
  { chart, candles, volume }: ChartParts,
  points: readonly PricePoint[],
  palette: ChartPalette,
): void {
  candles.setData(toCandles(points));
  volume.setData(toVolumeBars(points, palette));
  chart.timeScale().fitContent();
}
