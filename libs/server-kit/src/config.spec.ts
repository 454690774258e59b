import { demoDefaultsOf, loadConfig, refuseDemoDefaults } from './config';

describe('a production start refuses demo defaults', () => {
  const real = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail.example:587',
    SEED_DEMO: 'false',
    VIEWER_TOKEN_SECRET: 'v'.repeat(64),
    BLOB_SECRET: 'b'.repeat(64),
    DATABASE_URL: 'postgres://db.example/portal',
  };

  it('starts with real mail, no demo seed, its own secrets and a real database', () => {
    expect(() => refuseDemoDefaults(loadConfig(real))).not.toThrow();
  });

  it.each([
    ['SMTP_URL', 'mail would only be captured'],
    ['SEED_DEMO', 'demo accounts'],
    ['VIEWER_TOKEN_SECRET', 'VIEWER_TOKEN_SECRET is not set'],
    ['BLOB_SECRET', 'BLOB_SECRET is not set'],
    ['DATABASE_URL', 'embedded database'],
  ])('stops without %s, saying what to set', (name, says) => {
    const env: Record<string, string | undefined> = { ...real, [name]: undefined };
    expect(() => refuseDemoDefaults(loadConfig(env))).toThrow(
      expect.objectContaining({ message: expect.stringContaining(says) }),
    );
  });

  it('lets a demo (NODE_ENV unset) keep every default', () => {
    expect(demoDefaultsOf(loadConfig({}))).toHaveLength(5);
    expect(() => refuseDemoDefaults(loadConfig({}))).not.toThrow();
  });
});

describe('VIDEO_ICE_SERVERS', () => {
  it('is empty by default and reads a JSON list of STUN and TURN servers', () => {
    expect(loadConfig({}).videoIceServers).toEqual([]);
    const turn = [{ urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' }];
    expect(loadConfig({ VIDEO_ICE_SERVERS: JSON.stringify(turn) }).videoIceServers).toEqual(turn);
  });

  it('fails at start on anything else', () => {
    for (const bad of [
      'nope',
      '{}',
      '[{"urls":"http://x"}]',
      '[{"urls":[]}]',
      '[{"urls":"stun:x","username":1}]',
    ])
      expect(() => loadConfig({ VIDEO_ICE_SERVERS: bad })).toThrow(/VIDEO_ICE_SERVERS/);
  });
});
