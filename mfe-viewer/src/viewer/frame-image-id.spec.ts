import { frameImageId, frameOf } from './frame-image-id';

describe('a frame image id', () => {
  const frame = { seriesUid: '1.2.3', sopInstanceUid: '1.2.3.4', frame: 7 };

  it('is the frame WADO-RS URL after wadors:, and reads back to the same frame', () => {
    const id = frameImageId('9.8', frame, 'https://portal.example');
    expect(id).toBe(
      'wadors:https://portal.example/api/dicomweb/studies/9.8/series/1.2.3/instances/1.2.3.4/frames/7',
    );
    expect(frameOf(id)).toEqual(frame);
  });

  it('names no frame for anything else (a part whose Content-Location is not a frame)', () => {
    expect(frameOf('/api/dicomweb/studies/9.8/series/1.2.3/metadata')).toBeNull();
    expect(frameOf('')).toBeNull();
  });
});
