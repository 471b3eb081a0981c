/*
 * Measures an advisor names by their definition's name: a margin is a measure over revenue, working
 * capital current assets less current liabilities. The fact layer reads the definition, so a
 * margin is computed from the two figures the statements state, each cited.
 */
const DEFINITIONS: Array<[RegExp, string]> = [
  [/\bgross (?:profit )?margin\b/gi, 'gross profit as a percentage of revenue'],
  [/\bnet (?:profit |income )?margin\b/gi, 'net income as a percentage of revenue'],
  [/\b(?:operating|ebit) margin\b/gi, 'operating income as a percentage of revenue'],
  [/\bebitda margin\b/gi, 'EBITDA as a percentage of revenue'],
  [/\bpre-?tax (?:profit |income )?margin\b/gi, 'pretax income as a percentage of revenue'],
  [/\b(?:net )?working capital\b/gi, 'current assets minus current liabilities'],
  [/\bcurrent ratio\b/gi, 'ratio of current assets to current liabilities'],
  // A lease schedule states monthly rent: a year's rent is asked of it ("the annual rent").
  [/\b(?:annual|yearly) rent\b|\brent (?:per|a|each) year\b/gi, 'monthly rent over a year'],
  [/(?<!monthly )\brent\b(?=[^?]*\b(?:each|a|per) month\b)/gi, 'monthly rent'],
  // A term loan with its current portion: "the term loan (current portion included)", "the whole term loan".
  [
    /\b(?:the )?term loan\s*\((?:[^()]{0,40}\bcurrent portion included|including (?:its |the )?current portion)\)|\bthe whole term loan\b|\bterm loan,? including (?:its |the )?current portion\b/gi,
    'the whole term loan',
  ],
  // Total debt spelled out after it ("total debt (line of credit plus term loan, …) at …") is total debt.
  [/\btotal debt\b([^()?]{0,60}?)\s*\([^()]{0,160}\)/gi, 'total debt$1'],
  [/\b(?:debt to ebitda|leverage ratio)\b/gi, 'ratio of total debt to EBITDA'],
  // What the owner needs or wants after tax from the sale is the owner's after-tax need.
  [
    /\bafter[- ]tax\b(?=[^?]*\b(?:need|needs|want|wants)\b)|(?<=\b(?:need|needs|want|wants)\b[^?]*)\bafter[- ]tax\b/gi,
    'after-tax need',
  ],
  // What an appraiser "put on the business" is its valuation.
  [/\bput on the (?:business|company)\b/gi, 'put on the business as its valuation'],
]

/** The question with each defined measure written as its definition. */
export const expandDefinitions = (question: string) =>
  DEFINITIONS.reduce((text, [name, definition]) => text.replace(name, definition), question)
