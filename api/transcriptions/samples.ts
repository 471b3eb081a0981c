import type { Participant } from '../../shared/meetings'

/**
 * The demo organization's sample meetings (issue 15): two held, with the transcripts a meeting tool
 * would export, and one still to come. `daysFromSeeding` places them around the day the demo is made.
 */
export interface SampleMeeting {
  title: string
  daysFromSeeding: number
  hour: number
  duration: number
  participants: Omit<Participant, 'id'>[]
  transcript?: { fileName: string; text: string }
}

const DISCOVERY_VTT = `WEBVTT - Discovery meeting, Whitfield Manufacturing

intro
00:00:03.000 --> 00:00:11.500
<v Dana Whitfield>Thanks for making the time, Robert. Today is about you and the business, not about selling anything.

00:00:11.500 --> 00:00:19.000
<v Dana Whitfield>By the end I'd like us to agree what a good exit looks like for you.

00:00:19.800 --> 00:00:34.000
<v Robert Kline>Sounds good. I'm 61, and I want to be out of the day-to-day by 2028. My wife would like that to be sooner.

00:00:35.000 --> 00:00:52.000
<v Dana Whitfield>How much do you need from a sale to live the way you want afterwards?

00:00:52.500 --> 00:01:15.000
<v Robert Kline>Our planner says we need about 9 million after tax. I've always had 16 million in my head as the price.

00:01:16.000 --> 00:01:41.000
<v Dana Whitfield>Let's look at what a buyer sees. Revenue last year was 18.6 million and EBITDA 2.1 million, and your own salary is 420,000.

00:01:42.000 --> 00:02:05.000
<v Dana Whitfield>A general manager would cost about 240,000, so we add back 180,000, and normalized EBITDA is closer to 2.3 million.

00:02:06.000 --> 00:02:22.000
<v Robert Kline>And Hartwell is still our biggest customer. They are 38 percent of sales.

00:02:23.000 --> 00:02:47.000
<v Dana Whitfield>That concentration will cost you in the multiple. We agreed to bring Hartwell under 25 percent of revenue before we go to market.

00:02:48.000 --> 00:03:05.000
<v Robert Kline>Maria Lopez, my CFO, could run the numbers side. Nobody runs sales without me yet.

00:03:06.000 --> 00:03:20.000
<v Maria Lopez>I'll send the last three years of statements and the tax returns by Friday.

00:03:21.000 --> 00:03:36.000
<v Dana Whitfield>Good. Robert, can you share the Hartwell supply agreement and the warehouse lease?

00:03:37.000 --> 00:03:45.000
<v Robert Kline>Yes, I'll send both next week.

00:03:46.000 --> 00:04:05.000
<v Dana Whitfield>I'll draft the owner goals summary within a week. Let's schedule the valuation discussion for the first week of next month.
`

const VALUATION_TXT = `[00:00:05] Dana Whitfield: Welcome back. Today we walk through the valuation and the gap to your goal.
[00:00:20] Robert Kline: I read the draft. The range surprised me.
[00:00:41] Dana Whitfield: Normalized EBITDA is 2.3 million. Comparable sales went at five to six times, which puts the business between 11.5 and 13.8 million.
[00:01:25] Tom Reed: From the tax side, a share sale would leave you about 1.4 million more than an asset sale at the midpoint.
[00:01:58] Robert Kline: So at the midpoint I clear roughly 9.6 million after tax. That meets the 9 million we need, but only just.
[00:02:30] Dana Whitfield: Right, and the value gap to your 16 million is mostly customer concentration and your role in sales. We decided to work on both for eighteen months before going to market.
[00:03:10] Maria Lopez: Recurring service contracts are 22 percent of revenue now. We plan to reach 30 percent by the end of next year.
[00:03:45] Robert Kline: I want to hire a sales director this year, so customers stop calling me.
[00:04:05] Dana Whitfield: Then I'll prepare the value improvement plan with owners and dates by the end of the month.
[00:04:20] Tom Reed: I'll model the asset sale and the share sale in detail within two weeks.
[00:04:35] Dana Whitfield: Maria, could you send the monthly accounts for this year so far?
[00:04:42] Maria Lopez: Of course, I'll send them tomorrow.
`

export const SAMPLE_MEETINGS: readonly SampleMeeting[] = [
  {
    title: 'Discovery meeting with Robert Kline',
    daysFromSeeding: -21,
    hour: 10,
    duration: 60,
    participants: [
      { name: 'Robert Kline', email: 'robert.kline@whitfield-mfg.example', role: 'client' },
      { name: 'Maria Lopez', email: 'maria.lopez@whitfield-mfg.example', role: 'client-cfo' },
      { name: 'Dana Whitfield', email: 'dana@demo.example.com', role: 'advisor' },
    ],
    transcript: { fileName: 'discovery-meeting.vtt', text: DISCOVERY_VTT },
  },
  {
    title: 'Valuation review and value gap',
    daysFromSeeding: -6,
    hour: 14,
    duration: 75,
    participants: [
      { name: 'Robert Kline', email: 'robert.kline@whitfield-mfg.example', role: 'client' },
      { name: 'Maria Lopez', email: 'maria.lopez@whitfield-mfg.example', role: 'client-cfo' },
      { name: 'Dana Whitfield', email: 'dana@demo.example.com', role: 'advisor' },
      { name: 'Tom Reed', email: 'tom.reed@reed-tax.example', role: 'tax-advisor' },
    ],
    transcript: { fileName: 'valuation-review.txt', text: VALUATION_TXT },
  },
  {
    title: 'Family meeting on succession',
    daysFromSeeding: 9,
    hour: 16,
    duration: 90,
    participants: [
      { name: 'Robert Kline', email: 'robert.kline@whitfield-mfg.example', role: 'client' },
      { name: 'Ellen Kline', email: '', role: 'client-family' },
      { name: 'James Kline', email: '', role: 'client-family' },
      { name: 'Dana Whitfield', email: 'dana@demo.example.com', role: 'advisor' },
      { name: 'Priya Shah', email: 'priya.shah@shah-law.example', role: 'legal-advisor' },
    ],
  },
]
