import { describe, expect, it } from 'vitest'

import { parseTranscript, TranscriptError } from '../../api/transcriptions/transcript-format'

const turns = (input: string) =>
  parseTranscript(input).segments.map(({ speaker, startTime, text }) => [speaker, startTime, text])

describe('reading meeting transcripts', () => {
  it('reads WebVTT with voice tags and cue settings, a BOM, CRLF and times without hours', () => {
    const vtt = [
      '\uFEFFWEBVTT - Valuation call',
      '',
      'NOTE exported by the meeting tool',
      '',
      '1',
      '00:01.000 --> 00:04.500 align:start position:10%',
      '<v Maria Lopez>Thanks for joining.</v>',
      '',
      '2',
      '00:04.500 --> 00:09.000',
      '<v Maria Lopez>Revenue was <b>4.2 million</b> last year.</v>',
      '',
      'c3',
      '00:00:09.200 --> 00:00:12.000 line:0',
      '<v.advisor Tom Reed>And EBITDA?</v>',
      '',
    ].join('\r\n')
    const parsed = parseTranscript(vtt)
    expect(parsed.format).toBe('vtt')
    expect(parsed.timesEstimated).toBe(false)
    expect(parsed.segments).toEqual([
      {
        id: 1,
        speaker: 'Maria Lopez',
        startTime: 1,
        endTime: 9,
        text: 'Thanks for joining. Revenue was 4.2 million last year.',
      },
      { id: 2, speaker: 'Tom Reed', startTime: 9.2, endTime: 12, text: 'And EBITDA?' },
    ])
  })

  it('reads WebVTT whose cues name the speaker before a colon, continuing a turn across cues', () => {
    const vtt =
      'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nJohn Smith: We should sell\n\n00:00:03.000 --> 00:00:05.000\nwithin two years.\n\n00:00:05.000 --> 00:00:07.000\nAnna: Why two?\n'
    expect(turns(vtt)).toEqual([
      ['John Smith', 0, 'We should sell within two years.'],
      ['Anna', 5, 'Why two?'],
    ])
  })

  it('reads SRT with comma milliseconds and multi-line cues', () => {
    const srt =
      '1\n00:00:01,250 --> 00:00:04,000\n>> OWNER: I want out\nby 2028.\n\n2\n00:01:10,000 --> 00:01:15,000\n[Advisor] Then we start now.\n'
    expect(turns(srt)).toEqual([
      ['OWNER', 1.25, 'I want out by 2028.'],
      ['Advisor', 70, 'Then we start now.'],
    ])
    expect(parseTranscript(srt).format).toBe('srt')
  })

  it('reads plain Speaker: lines with times before or after the name, with or without hours', () => {
    const text = [
      '[00:00:05] Maria Lopez: Good morning.',
      '01:30 Tom Reed: Morning.',
      'Maria Lopez (1:02:03): We agreed on the earn-out.',
      'It runs three years.',
    ].join('\r\n')
    expect(turns(text)).toEqual([
      ['Maria Lopez', 5, 'Good morning.'],
      ['Tom Reed', 90, 'Morning.'],
      ['Maria Lopez', 3723, 'We agreed on the earn-out. It runs three years.'],
    ])
  })

  it('reads name-and-time headings with the words below them, as some note takers export', () => {
    const text = 'Maria Lopez  0:00\nWelcome, everyone.\nLet us begin.\n\nTom Reed  0:15\nThank you.\n'
    expect(turns(text)).toEqual([
      ['Maria Lopez', 0, 'Welcome, everyone. Let us begin.'],
      ['Tom Reed', 15, 'Thank you.'],
    ])
  })

  it('estimates times from the words spoken when the file gives none', () => {
    const parsed = parseTranscript('Owner: one two three four five\nAdvisor: six seven\nOwner: eight\n')
    expect(parsed.timesEstimated).toBe(true)
    expect(parsed.segments.map((segment) => [segment.startTime, segment.endTime])).toEqual([
      [0, 2],
      [2, 2.8],
      [2.8, 3.2],
    ])
  })

  it('refuses a file it cannot read with a message that says what it expected', () => {
    expect(() => parseTranscript('')).toThrow(new TranscriptError('The transcript file is empty.'))
    expect(() => parseTranscript('\uFEFF  \r\n ')).toThrow('The transcript file is empty.')
    expect(() => parseTranscript('Minutes of the meeting\nNothing was decided.')).toThrow(/No speakers found/)
    expect(() => parseTranscript('WEBVTT\n\n00:00:01.000 --> garbage\nHello\n')).toThrow(
      'Line 3 is not a valid cue timing: "00:00:01.000 --> garbage".',
    )
    expect(() => parseTranscript('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Tom></v>\n')).toThrow(
      'The transcript has no spoken text.',
    )
  })
})
