/** The part of gifenc (which ships no types) that make-animations.ts uses. */
declare module 'gifenc' {
  export type Palette = number[][];
  export interface FrameOptions {
    palette?: Palette;
    delay?: number;
    repeat?: number;
    transparent?: boolean;
    transparentIndex?: number;
    dispose?: number;
  }
  export interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  const gifenc: {
    GIFEncoder: (options?: { auto?: boolean; initialCapacity?: number }) => Encoder;
    quantize: (
      rgba: Uint8Array | Uint8ClampedArray,
      maxColors: number,
      options?: { format?: 'rgb565' | 'rgb444' | 'rgba4444' },
    ) => Palette;
    applyPalette: (
      rgba: Uint8Array | Uint8ClampedArray,
      palette: Palette,
      format?: 'rgb565' | 'rgb444' | 'rgba4444',
    ) => Uint8Array;
  };
  export default gifenc;
}
