package feed_test

import (
	"context"
	"errors"
	"testing"

	"abfahrt/feed"
	"abfahrt/model"
)

func TestParamValidation(t *testing.T) {
	cases := []struct {
		name string
		call func(context.Context, *feed.Client) error
		want string
	}{
		{"stop number short", func(ctx context.Context, c *feed.Client) error { _, err := c.StopDepartures(ctx, 12, 0); return err },
			`StopNumber must be 4 digits, got "12"`},
		{"stop number long", func(ctx context.Context, c *feed.Client) error { _, err := c.StopArrivals(ctx, 10080, 0); return err },
			`StopNumber must be 4 digits, got "10080"`},
		{"stop number required", func(ctx context.Context, c *feed.Client) error { _, err := c.StopDepartures(ctx, 0, 5); return err },
			`StopNumber must be 4 digits, got "0"`},
		{"stop filter", func(ctx context.Context, c *feed.Client) error { _, err := c.Stops(ctx, "", 999); return err },
			`StopNumber must be 4 digits, got "999"`},
		{"negative limit", func(ctx context.Context, c *feed.Client) error { _, err := c.StopDepartures(ctx, 1008, -1); return err },
			`Limit must be at least 1, got "-1"`},
		{"stop point code 5 digits", func(ctx context.Context, c *feed.Client) error {
			_, err := c.StopPointDepartures(ctx, "10082", 0)
			return err
		}, `StopPointCode must be 6 digits or a DHID like de:08421:1008:1:1, got "10082"`},
		{"stop point code required", func(ctx context.Context, c *feed.Client) error { _, err := c.StopPointArrivals(ctx, "", 0); return err },
			`StopPointCode is required`},
		{"stop point code filter", func(ctx context.Context, c *feed.Client) error { _, err := c.StopPoints(ctx, "", "abc"); return err },
			`StopPointCode must be 6 digits or a DHID like de:08421:1008:1:1, got "abc"`},
		{"scope", func(ctx context.Context, c *feed.Client) error { _, err := c.Routes(ctx, "full", 0); return err },
			`ContentScope must be minimal, basic or extended, got "full"`},
		{"negative route", func(ctx context.Context, c *feed.Client) error { _, err := c.Routes(ctx, "", -2); return err },
			`RouteNumber must not be negative, got "-2"`},
		{"negative vehicle", func(ctx context.Context, c *feed.Client) error { _, err := c.Vehicles(ctx, "", -1); return err },
			`VehicleNumber must not be negative, got "-1"`},
		{"trips negative", func(ctx context.Context, c *feed.Client) error { _, err := c.Trips(ctx, -5); return err },
			`VehicleNumber must not be negative, got "-5"`},
		{"passages vehicle required", func(ctx context.Context, c *feed.Client) error { _, err := c.Passages(ctx, 0, ""); return err },
			`VehicleNumber must be at least 1, got "0"`},
		{"range", func(ctx context.Context, c *feed.Client) error { _, err := c.Passages(ctx, 151, "soon"); return err },
			`Range must be all or upcoming, got "soon"`},
		{"pattern vehicle required", func(ctx context.Context, c *feed.Client) error {
			_, err := c.Pattern(ctx, 0, model.PatternStops)
			return err
		}, `VehicleNumber must be at least 1, got "0"`},
		{"pattern scope", func(ctx context.Context, c *feed.Client) error { _, err := c.Pattern(ctx, 151, "Map"); return err },
			`ContentScope must be Stops, Track or Carriageway, got "Map"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, f := setup(t)
			err := tc.call(context.Background(), c)
			var pe *feed.ParamError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T), want *ParamError", err, err)
			}
			if err.Error() != tc.want {
				t.Errorf("message\n got %s\nwant %s", err, tc.want)
			}
			if n := len(f.requests()); n != 0 {
				t.Errorf("%d requests sent for an invalid parameter", n)
			}
		})
	}
}

func TestNewClientBaseURL(t *testing.T) {
	for _, bad := range []string{"", "api.swu.de/mobility/v1", "ftp://api.swu.de/", "http://", "/mobility/v1", "http://x/v1?key=1", "http://x/v1#top", "mailto:x@y"} {
		_, err := feed.NewClient(bad)
		var pe *feed.ParamError
		if !errors.As(err, &pe) || pe.Param != "service URL" {
			t.Errorf("NewClient(%q) = %v, want a service URL *ParamError", bad, err)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"http://127.0.0.1:9/mobility/v1/", "http://127.0.0.1:9/mobility/v1"},
		{" HTTPS://api.swu.de/mobility/v1 ", "https://api.swu.de/mobility/v1"},
		{"http://localhost:8080/mobility/v1//", "http://localhost:8080/mobility/v1"},
	} {
		in, want := tc.in, tc.want
		c, err := feed.NewClient(in, feed.WithoutCache())
		if err != nil {
			t.Errorf("NewClient(%q): %v", in, err)
			continue
		}
		if c.BaseURL() != want {
			t.Errorf("BaseURL() = %q, want %q", c.BaseURL(), want)
		}
	}
}
