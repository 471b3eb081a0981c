/** The largest id a PostgreSQL `integer` column holds; a bigger one can name no row. */
export const MAX_ID = 2_147_483_647
