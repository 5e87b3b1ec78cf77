import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { HOME_TEXTS } from '../texts';

/** Signed-in home: the greeting and the analysis tool card. */
export function HomeGreeting() {
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant="h1">{HOME_TEXTS.greeting}</Typography>
      <Typography variant="subtitle1" sx={{ mt: 1.5, maxWidth: 640 }}>
        {HOME_TEXTS.intro}
      </Typography>
      <Box sx={{ mt: 5, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: 3 }}>
        <Card component="section" aria-labelledby="tool-analysis-title" sx={{ display: 'flex', flexDirection: 'column' }}>
          <CardContent sx={{ flex: 1, p: 3 }}>
            <Typography variant="overline" component="p" aria-hidden>
              {HOME_TEXTS.analysisNumber}
            </Typography>
            <Typography id="tool-analysis-title" variant="h3" component="h2" sx={{ mt: 0.5 }}>
              {HOME_TEXTS.analysisTitle}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {HOME_TEXTS.analysisCopy}
            </Typography>
          </CardContent>
          <CardActions sx={{ px: 3, pb: 3 }}>
            <Button component={RouterLink} to="/analyse" variant="contained" endIcon={<ArrowForward />}>
              {HOME_TEXTS.analysisCta}
            </Button>
          </CardActions>
        </Card>
      </Box>
    </Container>
  );
}
