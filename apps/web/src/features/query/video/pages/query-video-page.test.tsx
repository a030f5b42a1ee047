// @vitest-environment jsdom
import type { Camera } from '@envmon/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import QueryVideoPage from './query-video-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

/** jsdom has no Media Source Extensions: hls.js is replaced by a player whose errors the test raises. */
const player = vi.hoisted(() => ({
  supported: true,
  instances: [] as { url: string | null; media: unknown; onError: ((e: unknown, d: unknown) => void) | null }[],
}));
vi.mock('hls.js', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
    static isSupported = () => player.supported;
    private readonly state = {
      url: null as string | null,
      media: null as unknown,
      onError: null as ((e: unknown, d: unknown) => void) | null,
    };
    constructor() {
      player.instances.push(this.state);
    }
    on(_event: string, handler: (e: unknown, d: unknown) => void) {
      this.state.onError = handler;
    }
    loadSource(url: string) {
      this.state.url = url;
    }
    attachMedia(media: unknown) {
      this.state.media = media;
    }
    destroy() {}
  }
  return { default: FakeHls };
});

const camera = (id: number, name: string, hlsUrl: string | null, maxPlaySeconds = 0): Camera => ({
  id,
  deviceId: 7,
  deviceName: '莲花山水站',
  name,
  hlsUrl,
  enabled: true,
  visibility: 'scope',
  maxPlaySeconds,
  createTime: 0,
  updateTime: 0,
});
const SLOW = { timeout: 30_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  player.supported = true;
  player.instances = [];
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
  vi.useRealTimers();
});

const answer = (cameras: Camera[] | Error) =>
  api.get.mockImplementation((url: string) => {
    if (url === '/data/video/rest/getAll')
      return cameras instanceof Error ? Promise.reject(cameras) : Promise.resolve(cameras);
    return Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 1000 });
  });

describe('QueryVideoPage', () => {
  it('plays a camera through hls.js and says why one without an address cannot play', SLOW, async () => {
    answer([camera(1, '大门', 'https://cam.example.com/gate.m3u8'), camera(2, '屋顶', null)]);
    renderWithProviders(<QueryVideoPage />);
    const roof = await screen.findByTestId('camera-2');
    expect(within(roof).getByText('未配置视频地址')).toBeTruthy();
    expect(roof.querySelector('video')).toBeNull();
    await waitFor(() => expect(player.instances).toHaveLength(1));
    const gate = screen.getByTestId('camera-1');
    expect(player.instances[0]?.url).toBe('https://cam.example.com/gate.m3u8');
    expect(player.instances[0]?.media).toBe(gate.querySelector('video'));
    expect(within(gate).queryByTestId('play-failure')).toBeNull();
  });

  it('tells a network error from an unsupported format', SLOW, async () => {
    answer([
      camera(1, '大门', 'https://cam.example.com/gate.m3u8'),
      camera(3, '河道', 'https://cam.example.com/river.mp4'),
    ]);
    renderWithProviders(<QueryVideoPage />);
    await waitFor(() => expect(player.instances).toHaveLength(2));
    const [gate, river] = player.instances;
    act(() => gate?.onError?.('hlsError', { fatal: true, type: 'networkError', details: 'manifestLoadError' }));
    act(() => river?.onError?.('hlsError', { fatal: true, type: 'networkError', details: 'manifestParsingError' }));
    expect(within(screen.getByTestId('camera-1')).getByText('网络错误，无法加载视频')).toBeTruthy();
    expect(within(screen.getByTestId('camera-3')).getByText('视频格式不受支持，无法播放')).toBeTruthy();
    // Playing again starts a new player.
    fireEvent.click(within(screen.getByTestId('camera-1')).getByRole('button'));
    await waitFor(() => expect(player.instances).toHaveLength(3));
    expect(within(screen.getByTestId('camera-1')).queryByTestId('play-failure')).toBeNull();
  });

  it('says the format is unsupported when the browser plays no HLS at all', SLOW, async () => {
    player.supported = false;
    answer([camera(1, '大门', 'https://cam.example.com/gate.m3u8')]);
    renderWithProviders(<QueryVideoPage />);
    expect(await screen.findByText('视频格式不受支持，无法播放')).toBeTruthy();
  });

  it('plays natively where the browser plays HLS, and reads its media error', SLOW, async () => {
    const canPlay = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    try {
      answer([camera(1, '大门', 'https://cam.example.com/gate.m3u8')]);
      renderWithProviders(<QueryVideoPage />);
      const card = await screen.findByTestId('camera-1');
      const video = card.querySelector('video') as HTMLVideoElement;
      await waitFor(() => expect(video.getAttribute('src')).toBe('https://cam.example.com/gate.m3u8'));
      expect(player.instances).toHaveLength(0);
      // MediaError.MEDIA_ERR_NETWORK (2).
      Object.defineProperty(video, 'error', { value: { code: 2 } });
      act(() => {
        video.dispatchEvent(new Event('error'));
      });
      expect(await within(card).findByText('网络错误，无法加载视频')).toBeTruthy();
    } finally {
      canPlay.mockRestore();
    }
  });

  it('stops at the play-time limit', SLOW, async () => {
    answer([camera(1, '大门', 'https://cam.example.com/gate.m3u8', 30)]);
    renderWithProviders(<QueryVideoPage />);
    const card = await screen.findByTestId('camera-1');
    expect(within(card).getByText('单次播放上限 30 秒')).toBeTruthy();
    const video = card.querySelector('video') as HTMLVideoElement;
    const pause = vi.fn();
    video.pause = pause;
    vi.useFakeTimers();
    act(() => {
      video.dispatchEvent(new Event('play'));
      vi.advanceTimersByTime(30_000);
    });
    expect(pause).toHaveBeenCalled();
    expect(within(card).getByText('已达到单次播放时长上限（30 秒）')).toBeTruthy();
  });

  it('shows the empty state and the error state', SLOW, async () => {
    answer([]);
    renderWithProviders(<QueryVideoPage />);
    expect(await screen.findByText('没有可查看的摄像头')).toBeTruthy();
    cleanup();
    answer(new Error('boom'));
    renderWithProviders(<QueryVideoPage />);
    expect(await screen.findByText('boom')).toBeTruthy();
  });
});
