import { forbiddenAddress } from './target-address';
import { checkEndpointUrl, localHostReason } from './webhook-rules';

describe('webhook target addresses', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.8.9.10', 'a loopback address'],
    ['10.1.2.3', 'a private address'],
    ['172.20.0.5', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['0.0.0.0', 'an unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fd00::1', 'a private address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['64:ff9b::a9fe:a9fe', 'a link-local address'],
    ['2002:c0a8:0101::1', 'a private address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(forbiddenAddress(address)).toBe(reason);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '203.0.113.7'])(
    'lets the public address %s through',
    (address) => expect(forbiddenAddress(address)).toBeNull(),
  );

  it('refuses what the URL parser turns into a local address, and names that are local by definition', () => {
    const policy = { httpsOnly: false, allowPrivateTargets: false };
    for (const url of [
      'http://0x7f.1/',
      'http://2130706433/',
      'http://[::1]:8080/',
      'http://LOCALHOST./',
      'http://a.localhost/',
    ])
      expect(() => checkEndpointUrl(url, policy)).toThrow(/^Webhooks cannot be sent to .+: it is a loopback address/);
    expect(localHostReason('hooks.example.com')).toBeNull();
  });

  it('asks for https in production and refuses credentials in the URL', () => {
    const production = { httpsOnly: true, allowPrivateTargets: false };
    expect(() => checkEndpointUrl('http://hooks.example.com/', production)).toThrow('Webhook URLs must use https://.');
    expect(() => checkEndpointUrl('https://user:pw@hooks.example.com/', production)).toThrow(/user name or password/);
    expect(() => checkEndpointUrl('ftp://hooks.example.com/', production)).toThrow(/must start with https:\/\//);
    expect(checkEndpointUrl('https://hooks.example.com/in#frag', production).toString()).toBe(
      'https://hooks.example.com/in',
    );
  });
});
