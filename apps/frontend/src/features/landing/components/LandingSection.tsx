import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A landing section: eyebrow, title, content, on a full-width band. */
export function LandingSection({
  id,
  eyebrow,
  title,
  tinted = false,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ py: { xs: 6, md: 9 }, bgcolor: tinted ? 'background.paper' : undefined }}
    >
      <Container maxWidth="lg">
        <Typography variant="overline" component="p">
          {eyebrow}
        </Typography>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: { xs: 3, md: 4 } }}>
          {title}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}
