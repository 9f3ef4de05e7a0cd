/** Display-only data of the landing page (spec section 3: Testimonial, Before/after item, FAQ item). */

import { acceptedFormatList } from '@listinglens/contracts';

export interface Testimonial {
  name: string;
  location: string;
  /** 1 to 5. */
  stars: number;
  text: string;
  badge: string;
}

export interface BeforeAfterItem {
  title: string;
  subtitle: string;
  beforeImage: string;
  afterImage: string;
  /** Attribution of a real photo (CC BY requires it beside the image); illustrations have none. */
  credit?: string;
}

/** A real room, before and as our engine delivered it: the large example under the hero. */
export interface ExampleRoom {
  beforeImage: string;
  afterImage: string;
  width: number;
  height: number;
  credit: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** Sample host testimonials; the percentages in them are marketing copy, not measured rules. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Sarah M.',
    location: 'Lake Tahoe, CA',
    stars: 5,
    text: 'My cabin photos went from dim and grey to bright and inviting overnight. Bookings were up 45% the month after I swapped them in.',
    badge: 'Superhost',
  },
  {
    name: 'James L.',
    location: 'Austin, TX',
    stars: 5,
    text: 'I was about to pay a photographer $500. For $69 I got twenty photos that look just as good, back the same afternoon.',
    badge: 'Saved $430',
  },
  {
    name: 'Priya K.',
    location: 'Miami, FL',
    stars: 5,
    text: 'The kitchen and bathroom shots finally look like the real thing: straight lines, true colours, no yellow cast. Guests comment on it.',
    badge: '4 listings',
  },
  {
    name: 'Tom & Elise R.',
    location: 'Asheville, NC',
    stars: 4,
    text: 'We shot everything on an old phone. The results were clean and natural, nothing fake-looking. We got 40% more inquiries in peak season.',
    badge: '40% more inquiries',
  },
  {
    name: 'Daniel O.',
    location: 'Denver, CO',
    stars: 5,
    text: 'Upload, wait a couple of hours, download. That is the whole process, and it works. I now re-shoot a listing every season.',
    badge: 'Property manager',
  },
  {
    name: 'Mia C.',
    location: 'Portland, ME',
    stars: 5,
    text: 'Our beach cottage had gloomy window-lit rooms. Now every photo is bright and balanced, and we climbed to the first page of search results.',
    badge: 'Guest favourite',
  },
];

const roomImages = (slug: string) => ({
  beforeImage: `/before-after/${slug}-before.webp`,
  afterImage: `/before-after/${slug}-after.webp`,
});

/** The six rooms of the before/after gallery; see docs/landing-assets.md for where the images come from. */
export const BEFORE_AFTER_ITEMS: readonly BeforeAfterItem[] = [
  { title: 'Living room', subtitle: 'Balanced window light and true colours', ...roomImages('living-room') },
  { title: 'Kitchen', subtitle: 'Neutral whites and crisp counters', ...roomImages('kitchen') },
  {
    title: 'Bedroom',
    subtitle: 'Bright windows held, colours kept true',
    ...roomImages('bedroom'),
    credit: 'Photo: Zoriah Miller, Dollar Street (family 171, Jordan), Gapminder, CC BY 4.0, enhanced by ListingLens',
  },
  { title: 'Bathroom', subtitle: 'Clean tiles without a colour cast', ...roomImages('bathroom') },
  { title: 'Exterior', subtitle: 'Clear sky and straight verticals', ...roomImages('exterior') },
  { title: 'Dining area', subtitle: 'Lifted shadows, natural detail', ...roomImages('dining-area') },
];

/** See docs/landing-assets.md: a Dollar Street photo (CC BY 4.0) and the engine's listing look of it, untouched. */
export const EXAMPLE_ROOM: ExampleRoom = {
  beforeImage: '/example-room/bedroom-usa-before.webp',
  afterImage: '/example-room/bedroom-usa-after.webp',
  width: 1600,
  height: 1200,
  credit: 'Photo: Raashi Saxena (2019), Dollar Street, Gapminder, CC BY 4.0, enhanced by ListingLens',
};

/** Shown when a before/after image cannot be loaded. */
export const PLACEHOLDER_IMAGE = '/before-after/placeholder.svg';

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'How does the photo enhancement work?',
    answer:
      'You upload ordinary photos taken with your phone. Our AI corrects exposure, white balance, shadows, colour and converging verticals, and you download the enhanced photos from your dashboard.',
  },
  {
    question: 'How long does it take to get my photos?',
    answer:
      'Basic and Standard packages are delivered within a 6-hour turnaround, and Premium within an express 3-hour turnaround. We email you as soon as your photos are ready.',
  },
  {
    question: 'Is there a free trial?',
    answer:
      'No. AI processing is costly to run, so we do not offer a free trial. Instead, packages start at $29 and every purchase is covered by our satisfaction guarantee.',
  },
  {
    question: "What if I'm not happy with the results?",
    answer:
      'We offer a satisfaction guarantee: contact us within 7 days of receiving your photos and we will rework them or refund you.',
  },
  {
    question: 'What kind of photos should I upload?',
    answer:
      'Photos taken with a cellphone are perfect. Capture the entire room or feature, vertically or in landscape, and include all key rooms. Avoid blurry images and people. ' +
      `We accept ${acceptedFormatList('and')} files up to 10MB each.`,
  },
  {
    question: 'Can I request custom adjustments?',
    answer: 'Yes, custom image adjustments are included with the Premium package.',
  },
  {
    question: 'How long do you keep my photos?',
    answer:
      'Your original and enhanced photos are deleted automatically 90 days after processing, so download them to keep them.',
  },
  {
    question: 'Is this a subscription?',
    answer: 'No. Every package is a one-time purchase of photo credits. There is nothing to cancel.',
  },
];

export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Upload photos from your phone',
    text: 'Take photos of every room with your phone and upload them straight from your camera roll.',
  },
  {
    title: 'Our AI processes them',
    text: 'Exposure, colour, shadows and straight lines are corrected automatically, photo by photo.',
  },
  {
    title: 'Download from your dashboard',
    text: 'We email you when they are ready. Download each photo or all of them at once from your dashboard.',
  },
] as const;

export const BENEFITS = [
  { value: '3 hours', label: 'Delivery within 3 hours' },
  { value: '15x', label: 'Cheaper than a physical photographer' },
  { value: '$29', label: 'Packages from $29' },
  { value: '100%', label: 'Satisfaction guarantee' },
] as const;
