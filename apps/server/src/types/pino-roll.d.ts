/** pino-roll ships no types; this is the part of its API the logger uses. */
declare module 'pino-roll' {
  /** A SonicBoom stream; only what the logger calls. */
  interface RollingFile {
    write(data: string): boolean;
    flushSync(): void;
    end(): void;
  }

  interface PinoRollOptions {
    file: string | (() => string);
    size?: string | number;
    frequency?: 'daily' | 'hourly' | number;
    extension?: string;
    symlink?: boolean;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    dateFormat?: string;
    mkdir?: boolean;
  }

  export default function build(options: PinoRollOptions): Promise<RollingFile>;
}
