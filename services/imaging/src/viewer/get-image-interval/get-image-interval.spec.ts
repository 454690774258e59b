import { GetImageInterval } from './get-image-interval';

describe('GetImageInterval', () => {
  it('answers the configured interval in ms', () => {
    expect(new GetImageInterval({ imageIntervalMs: 66 }).execute()).toEqual({ value: 66 });
  });
});
