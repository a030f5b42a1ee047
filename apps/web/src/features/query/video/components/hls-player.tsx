import type { Camera } from '@envmon/shared';
import type HlsModule from 'hls.js';
import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HLS_MIME, hlsFailure, mediaFailure, type PlayFailure } from '../utils/play-failure';

const PLAYER_HEIGHT = 240;

/** hls.js is loaded once, on demand, only where the browser does not play HLS itself. */
let hlsModule: Promise<typeof HlsModule> | null = null;
function loadHls(): Promise<typeof HlsModule> {
  hlsModule ??= import('hls.js').then((module) => module.default);
  return hlsModule;
}

/**
 * A camera's HLS stream in a <video>: natively where the browser plays HLS, else through hls.js (loaded on
 * demand, Media Source Extensions). When it cannot play it says why instead; a camera with a play-time limit
 * pauses when the limit is reached and offers to play again.
 */
export function HlsPlayer({ camera }: { camera: Pick<Camera, 'hlsUrl' | 'maxPlaySeconds' | 'name'> }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<PlayFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const url = camera.hlsUrl;
  const limit = camera.maxPlaySeconds;

  useEffect(() => {
    const element = video.current;
    if (!element || !url) return;
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let destroy: (() => void) | undefined;
    const fail = (reason: PlayFailure) => {
      if (!disposed) setFailure(reason);
    };
    const onError = () => void mediaFailure(element.error?.code, url).then(fail);
    const onPlay = () => {
      if (limit > 0 && timer === undefined) {
        timer = setTimeout(() => {
          element.pause();
          fail('timeLimit');
        }, limit * 1000);
      }
    };
    element.addEventListener('play', onPlay);
    if (element.canPlayType(HLS_MIME)) {
      element.addEventListener('error', onError);
      element.src = url;
    } else {
      loadHls()
        .then((Hls) => {
          if (disposed) return;
          if (!Hls.isSupported()) {
            fail('unsupported');
            return;
          }
          const hls = new Hls();
          destroy = () => hls.destroy();
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) fail(hlsFailure(data.type, data.details));
          });
          hls.loadSource(url);
          hls.attachMedia(element);
        })
        .catch(() => fail('unsupported'));
    }
    return () => {
      disposed = true;
      clearTimeout(timer);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('error', onError);
      destroy?.();
      element.removeAttribute('src');
    };
  }, [url, limit, attempt]);

  const reason: PlayFailure | null = url ? failure : 'noAddress';
  return (
    <div data-testid="hls-player">
      {reason ? (
        <div data-testid="play-failure">
          <Result
            status={reason === 'timeLimit' ? 'info' : 'warning'}
            subTitle={t(`query.video.reasons.${reason}`, { seconds: limit })}
            extra={
              reason === 'noAddress' ? null : (
                <Button
                  onClick={() => {
                    setFailure(null);
                    setAttempt((n) => n + 1);
                  }}
                >
                  {t('query.video.playAgain')}
                </Button>
              )
            }
          />
        </div>
      ) : null}
      {url ? (
        <video
          ref={video}
          controls
          muted
          playsInline
          aria-label={camera.name}
          style={{ width: '100%', height: PLAYER_HEIGHT, background: '#000', display: reason ? 'none' : 'block' }}
        />
      ) : null}
    </div>
  );
}
